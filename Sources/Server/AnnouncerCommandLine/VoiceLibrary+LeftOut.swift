public import AnnouncerVoices
public import Logging

extension VoiceLibrary {
    /// Logs each profile file left out for a problem, one warning each, as a program starting with these profiles does.
    public func logLeftOut(to logger: Logger) {
        for problem in problems {
            logger.warning("A voice profile was left out.", metadata: ["voices.problem": "\(problem)"])
        }
    }
}
