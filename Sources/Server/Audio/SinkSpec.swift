import Foundation

/// Which audio sink to use, as written after `--sink`: `alsa`, `alsa:DEVICE`, `null` or `wav:PATH`.
public enum SinkSpec: Hashable, Sendable, CustomStringConvertible {
    /// An ALSA PCM device, such as `default`, `hw:0`, `plughw:0` or `pulse`.
    case alsa(device: String)
    /// No sound, paced like a real device.
    case null
    /// A WAV recording of what was spoken.
    case wav(path: String)

    /// The sink when none is named.
    public static let standard = SinkSpec.alsa(device: "default")

    public init(parsing text: String) throws(AudioError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed == "null" {
            self = .null
        } else if trimmed == "alsa" {
            self = .alsa(device: "default")
        } else if trimmed.hasPrefix("alsa:"), trimmed.count > 5 {
            self = .alsa(device: String(trimmed.dropFirst(5)))
        } else if trimmed.hasPrefix("wav:"), trimmed.count > 4 {
            self = .wav(path: String(trimmed.dropFirst(4)))
        } else {
            throw .unknownSink(text)
        }
    }

    public var description: String {
        switch self {
        case let .alsa(device): "alsa:\(device)"
        case .null: "null"
        case let .wav(path): "wav:\(path)"
        }
    }

    /// Opens the sink for audio in `format`. With `waitingForDevice`, an ALSA device that cannot be opened
    /// now is no error: the sink starts without it and opens it when it comes.
    public func open(format: AudioFormat, waitingForDevice: Bool = false) throws(AudioError) -> any AudioSink {
        switch self {
        case let .alsa(device):
            // A sound server restarted or a device unplugged and back: ALSA's handle is dead, a new one works.
            try ReopeningSink(name: description, format: format, waitingForDevice: waitingForDevice) { () throws(AudioError) -> any AudioSink in
                try ALSASink(device: device, format: format)
            }
        case .null: NullSink(format: format)
        case let .wav(path): try WAVFileSink(path: path, format: format)
        }
    }
}
