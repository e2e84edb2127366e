import AnnouncerProtocol

/// The one line `say` and `pipe` print when the server they speak through has no working audio
/// device, so that nobody takes silence for speech.
enum AudioDownWarning {
    /// The warning for a server in this state, or nil while its device works.
    static func sentence(for audio: AudioStatus, speaking what: String) -> String? {
        guard audio.state == .down else { return nil }
        return switch audio.whenDown {
        case .wait: "Warning: the audio device is down; \(what) will be spoken when it returns."
        case .fail: "Warning: the audio device is down, so \(what) will fail until it returns."
        }
    }
}
