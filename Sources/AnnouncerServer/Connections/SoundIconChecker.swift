import AnnouncerProtocol
import SoundIcons

/// Answers the protocols' question about a sound icon from the engine's sound folders: the file is
/// read (and cached for the speech that follows), so a file that cannot be played is refused at once.
struct SoundIconChecker: SoundIconCatalog {
    let library: SoundIconLibrary
    let sampleRate: Int

    func check(_ name: String) -> SoundIconCheck {
        switch library.sound(named: name, sampleRate: sampleRate) {
        case .success: .playable
        case let .failure(problem): problem.isNotFound ? .notFound : .refused(problem.description)
        }
    }
}
