import AnnouncerProtocol
import SoundIcons

/// Answers the protocols' question about a sound icon from the engine's sound folders: the file's
/// header is read, so a file that cannot be played is refused at once, and the sound is decoded on
/// the library's own thread for the speech that follows, never on the event loop that asked.
struct SoundIconChecker: SoundIconCatalog {
    let library: SoundIconLibrary
    let sampleRate: Int

    func check(_ name: String) -> SoundIconCheck {
        switch library.check(named: name, sampleRate: sampleRate) {
        case .success: .playable
        case let .failure(problem): problem.isNotFound ? .notFound : .refused(problem.description)
        }
    }
}
