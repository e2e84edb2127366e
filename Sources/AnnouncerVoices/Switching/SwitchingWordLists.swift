import Foundation
import Synchronization

/// The two word lists `LanguageSwitcher` decides by, given or read from their files on first use;
/// shared by every copy of the voice library, so a reload of the profiles does not read them again.
final class SwitchingWordLists: Sendable {
    /// The English words Bokmål does not have, and the words both have.
    struct Lists: Sendable {
        let foreignOnly: SortedWordList
        let shared: SortedWordList
    }

    private enum State: Sendable {
        case files(foreignOnly: String, shared: String)
        case read(Lists)
        /// A file could not be read when first needed: nothing switches.
        case unreadable
    }

    private let state: Mutex<State>

    init(foreignOnly: SortedWordList, shared: SortedWordList) {
        state = Mutex(.read(Lists(foreignOnly: foreignOnly, shared: shared)))
    }

    init(foreignOnlyFile: String, sharedFile: String) {
        state = Mutex(.files(foreignOnly: foreignOnlyFile, shared: sharedFile))
    }

    /// The lists, read now if they were not yet; nil when a file could not be read or the English list is empty.
    var loaded: Lists? {
        state.withLock { state in
            switch state {
            case let .read(lists):
                return lists
            case .unreadable:
                return nil
            case let .files(foreignOnlyFile, sharedFile):
                func list(_ path: String) -> SortedWordList? {
                    FileManager.default.contents(atPath: path).map { SortedWordList(bytes: Array($0)) }
                }
                guard let foreignOnly = list(foreignOnlyFile), let shared = list(sharedFile), foreignOnly.count > 0 else {
                    state = .unreadable
                    return nil
                }
                let lists = Lists(foreignOnly: foreignOnly, shared: shared)
                state = .read(lists)
                return lists
            }
        }
    }
}
