import Foundation
import Synchronization

/// The word lists `LanguageSwitcher` decides by, each given or read from its file when first needed;
/// shared by every copy of the voice library, so a reload of the profiles does not read them again.
/// English text needs only the two small lists, so a server that speaks only English never reads the
/// large one.
final class SwitchingWordLists: Sendable {
    /// The lists one search reads: the English words Bokmål does not have (nil when searching English
    /// text), the words both have, and the Bokmål interface words found inside English text.
    struct Lists {
        let foreignOnly: SortedWordList?
        let shared: SortedWordList
        let bokmalInEnglish: SortedWordList?
    }

    /// One list, read when first asked for.
    final class LazyList: Sendable {
        private enum State: Sendable {
            case file(String)
            case read(SortedWordList)
            /// The file could not be read when first needed.
            case unreadable
        }

        private let state: Mutex<State>

        init(_ list: SortedWordList) { state = Mutex(.read(list)) }
        init(file: String) { state = Mutex(.file(file)) }

        /// The list, read now if it was not yet; nil when its file could not be read or is empty.
        var list: SortedWordList? {
            state.withLock { state in
                switch state {
                case let .read(list): return list
                case .unreadable: return nil
                case let .file(path):
                    guard let bytes = FileManager.default.contents(atPath: path) else {
                        state = .unreadable
                        return nil
                    }
                    let list = SortedWordList(bytes: Array(bytes))
                    state = list.count > 0 ? .read(list) : .unreadable
                    return list.count > 0 ? list : nil
                }
            }
        }
    }

    private let foreignOnly: LazyList
    private let shared: LazyList
    private let bokmalInEnglish: LazyList?

    init(foreignOnly: SortedWordList, shared: SortedWordList, bokmalInEnglish: SortedWordList? = nil) {
        self.foreignOnly = LazyList(foreignOnly)
        self.shared = LazyList(shared)
        self.bokmalInEnglish = bokmalInEnglish.map(LazyList.init)
    }

    init(foreignOnlyFile: String, sharedFile: String, bokmalInEnglishFile: String?) {
        foreignOnly = LazyList(file: foreignOnlyFile)
        shared = LazyList(file: sharedFile)
        bokmalInEnglish = bokmalInEnglishFile.map { LazyList(file: $0) }
    }

    /// The lists for searching Bokmål text for English; nil when one cannot be read.
    var forBokmalText: Lists? {
        guard let foreignOnly = foreignOnly.list, let shared = shared.list else { return nil }
        return Lists(foreignOnly: foreignOnly, shared: shared, bokmalInEnglish: nil)
    }

    /// The lists for searching English text for Bokmål; nil when one cannot be read.
    var forEnglishText: Lists? {
        guard let bokmal = bokmalInEnglish?.list, let shared = shared.list else { return nil }
        return Lists(foreignOnly: nil, shared: shared, bokmalInEnglish: bokmal)
    }

    /// Reads every list now.
    func readAll() {
        _ = foreignOnly.list
        _ = shared.list
        _ = bokmalInEnglish?.list
    }
}
