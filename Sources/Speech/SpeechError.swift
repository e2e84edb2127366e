/// Why speech could not be synthesized, in words a person can act on.
public enum SpeechError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `espeak_Initialize` failed, usually because the voice data is missing.
    case initializationFailed
    /// `espeak_SetVoiceByName` did not find the voice.
    case voiceNotFound(String)
    /// `espeak_Synth` returned an error code.
    case synthesisFailed(code: Int32)

    public var description: String {
        switch self {
        case .initializationFailed:
            "eSpeak NG could not start; install the espeak-ng-data package (apt-get install espeak-ng-data) and try again."
        case let .voiceNotFound(name):
            "eSpeak NG has no voice named \"\(name)\"; install espeak-ng-data or choose another language."
        case let .synthesisFailed(code):
            "eSpeak NG failed to synthesize the text (error code \(code))."
        }
    }
}
