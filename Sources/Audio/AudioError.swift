/// Why audio could not be played, in one sentence that names the device and what to do.
public enum AudioError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownSink(String)
    case deviceUnavailable(device: String, detail: String)
    case deviceBusy(device: String)
    case formatUnsupported(device: String, detail: String)
    case writeFailed(device: String, detail: String)
    case fileUnwritable(path: String, detail: String)

    static let sinkAdvice = "choose another output with --sink, for example --sink alsa:default, --sink null or --sink wav:FILE"

    public var description: String {
        switch self {
        case let .unknownSink(spec):
            "The audio output \"\(spec)\" is not known; use --sink alsa, alsa:DEVICE, null or wav:FILE."
        case let .deviceUnavailable(device, detail):
            "The audio device \"\(device)\" could not be opened (\(detail)); \(Self.sinkAdvice)."
        case let .deviceBusy(device):
            "The audio device \"\(device)\" is busy, in use by another program; close that program or \(Self.sinkAdvice)."
        case let .formatUnsupported(device, detail):
            "The audio device \"\(device)\" cannot play mono 16-bit audio at the speech rate (\(detail)); try the plughw: form of the device, or \(Self.sinkAdvice)."
        case let .writeFailed(device, detail):
            "Writing to the audio device \"\(device)\" failed (\(detail))."
        case let .fileUnwritable(path, detail):
            "The file \"\(path)\" could not be written (\(detail)); choose another path with --sink wav:FILE."
        }
    }
}
