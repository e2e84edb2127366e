public import Audio
public import Speech

/// Why the speaking engine could not start, in one sentence a person can act on.
public enum EngineError: Error, Sendable, CustomStringConvertible {
    case speech(SpeechError)
    case audio(AudioError)
    case eventsFileUnwritable(path: String)

    public var description: String {
        switch self {
        case let .speech(error): error.description
        case let .audio(error): error.description
        case let .eventsFileUnwritable(path):
            "The events file \"\(path)\" could not be created; choose another path with --events, or --events - for standard output."
        }
    }
}
