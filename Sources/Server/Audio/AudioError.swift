/// Why audio could not be played, in one sentence that names the device and what to do.
public enum AudioError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownSink(String)
    case deviceUnavailable(device: String, detail: String)
    case deviceBusy(device: String)
    case formatUnsupported(device: String, detail: String)
    case writeFailed(device: String, detail: String)
    case fileUnwritable(path: String, detail: String)

    /// What to do instead of `device`; never the device that just failed.
    static func sinkAdvice(instead device: String) -> String {
        device == "default"
            ? "start PulseAudio or PipeWire, or record what is said with --sink wav:FILE (or --sink null to speak silently)"
            : "choose another output with --sink, for example --sink alsa:default, or record with --sink wav:FILE"
    }

    public var description: String {
        switch self {
        case let .unknownSink(spec):
            "The audio output \"\(spec)\" is not known; use --sink alsa, alsa:DEVICE, null or wav:FILE."
        case let .deviceUnavailable(device, detail):
            device == "default"
                ? "No sound card or sound server answered: the audio device \"default\" could not be opened (\(detail)). To hear speech, \(Self.sinkAdvice(instead: device))."
                : "The audio device \"\(device)\" could not be opened (\(detail)); \(Self.sinkAdvice(instead: device))."
        case let .deviceBusy(device):
            "The audio device \"\(device)\" is busy, in use by another program; close that program or \(Self.sinkAdvice(instead: device))."
        case let .formatUnsupported(device, detail):
            "The audio device \"\(device)\" cannot play mono 16-bit audio at the speech rate (\(detail)); try the plughw: form of the device, or \(Self.sinkAdvice(instead: device))."
        case let .writeFailed(device, detail):
            "Writing to the audio device \"\(device)\" failed (\(detail))."
        case let .fileUnwritable(path, detail):
            "The file \"\(path)\" could not be written (\(detail)); choose another path with --sink wav:FILE."
        }
    }

    /// What went wrong, as a clause without advice, for a sentence that goes on: "writing to the audio
    /// device "default" failed (input/output error)". While a device is being reopened, advice to
    /// choose another output would be beside the point.
    public var fault: String {
        switch self {
        case let .unknownSink(spec): "the audio output \"\(spec)\" is not known"
        case let .deviceUnavailable(device, detail): "the audio device \"\(device)\" could not be opened (\(detail))"
        case let .deviceBusy(device): "the audio device \"\(device)\" is busy, in use by another program"
        case let .formatUnsupported(device, detail): "the audio device \"\(device)\" cannot play mono 16-bit audio at the speech rate (\(detail))"
        case let .writeFailed(device, detail): "writing to the audio device \"\(device)\" failed (\(detail))"
        case let .fileUnwritable(path, detail): "the file \"\(path)\" could not be written (\(detail))"
        }
    }
}
