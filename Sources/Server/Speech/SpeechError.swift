/// Why speech could not be synthesized, in words a person can act on.
public enum SpeechError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `espeak_Initialize` failed, usually because the voice data is missing.
    case initializationFailed
    /// `espeak_SetVoiceByName` did not find the voice.
    case voiceNotFound(String)
    /// `espeak_Synth` returned an error code.
    case synthesisFailed(code: Int32)
    /// The synthesis worker process could not be started; the words say why.
    case workerUnavailable(String)
    /// The synthesis worker died or hung while synthesizing this; the words say how.
    case workerCrashed(String)
    /// This text made the synthesizer crash twice, so it is refused without trying again.
    case refusedCrashingInput

    public var description: String {
        switch self {
        case .initializationFailed:
            "eSpeak NG could not start; install the espeak-ng-data package (apt-get install espeak-ng-data) and try again."
        case let .voiceNotFound(name):
            "eSpeak NG has no voice named \"\(name)\"; install espeak-ng-data or choose another language."
        case let .synthesisFailed(code):
            "eSpeak NG failed to synthesize the text (error code \(code))."
        case let .workerUnavailable(reason):
            "The speech synthesizer process could not be started: \(reason)."
        case let .workerCrashed(how):
            "The speech synthesizer stopped while speaking this (\(how)); it was restarted, and what follows is spoken."
        case .refusedCrashingInput:
            "This text made the speech synthesizer crash twice, so it is not tried again for a while; change the text to have it spoken."
        }
    }
}
