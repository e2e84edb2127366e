public import AnnouncerCore
public import AnnouncerClient
public import AnnouncerEngine
public import AnnouncerProtocol

import Foundation

/// Emacspeak's speech through an engine inside this process, for when no server runs.
public final class EngineEmacspeakOutput: EmacspeakOutput {
    public let voices: [OfferedVoice]
    public let defaultLanguage: Language
    private let engine: SpeechEngine

    public init(engine: SpeechEngine, defaultLanguage: Language) {
        self.engine = engine
        self.defaultLanguage = defaultLanguage
        let library = engine.voices
        voices = library.spokenLanguages.map { language in
            let profile = library.speakingProfile(for: language)
            return OfferedVoice(name: profile.name, language: language, voiceType: profile.voiceType)
        }
    }

    public func speak(_ request: SpeakRequest) {
        do throws(ProtocolError) {
            engine.submit(try request.announcement(defaults: ConnectionDefaults(language: defaultLanguage), arrival: .now()))
        } catch {
            try? FileHandle.standardError.write(contentsOf: Data("announcer: \(error.message)\n".utf8))
        }
    }

    public func stopOwn() { engine.scheduler.cancel(.client(.embedded)) }
    public func pause() { engine.scheduler.pause(.client(.embedded)) }
    public func resume() { engine.scheduler.resume(.client(.embedded)) }
    public func finish() { engine.finish() }
}
