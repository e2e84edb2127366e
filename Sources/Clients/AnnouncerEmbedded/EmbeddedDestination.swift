public import AnnouncerCore
public import AnnouncerClient
public import AnnouncerEngine
public import AnnouncerProtocol
import Dispatch
import Foundation

/// A speech engine inside this process as a speech destination; its "clients" are threads submitting at once.
public final class EmbeddedDestination: SpeechDestination, Sendable {
    public let engine: SpeechEngine
    public let timeline = TimelineCollector()
    /// The language of requests that name none.
    public let defaultLanguage: Language
    private let observer: Forwarder

    /// `defaultLanguage` is for requests that name no language; nil takes that of `LANG` in
    /// `environment` (nil: the process's) when a voice profile has it, else English.
    public init(engine: SpeechEngine, defaultLanguage: Language? = nil, environment: [String: String]? = nil) {
        self.engine = engine
        self.defaultLanguage = defaultLanguage ?? Self.localeLanguage(engine, environment: environment ?? ProcessInfo.processInfo.environment)
        observer = Forwarder(timeline: timeline)
        engine.scheduler.addObserver(observer)
    }

    /// The language of `LANG` (nb_NO gives nb) when a voice profile has it, else English.
    private static func localeLanguage(_ engine: SpeechEngine, environment: [String: String]) -> Language {
        let fromLocale = Language(locale: environment["LANG"])
        return engine.voices.profile(for: fromLocale) != nil ? fromLocale : .english
    }

    public var description: String { "an engine inside announce, playing to \(engine.sinkSpec)" }
    public var outlivesClient: Bool { false }

    public func speak(_ requests: [OutgoingAnnouncement]) throws {
        for request in requests { engine.submit(try request.announcement(sent: .now())) }
    }

    public func speakFromSeparateClients(_ requests: [OutgoingAnnouncement]) throws {
        let announcements = try requests.map { try $0.announcement(sent: .now()) }
        let engine = engine
        DispatchQueue.concurrentPerform(iterations: announcements.count) { index in
            var announcement = announcements[index]
            announcement.sent = .now()
            announcement.arrival = .now()
            engine.submit(announcement)
        }
    }

    public func cancel(_ ids: [String]) throws {
        engine.scheduler.cancel(.ids(Set(ids.map { AnnouncementID($0) })))
    }

    public func waitingPolite() throws -> Int { engine.scheduler.status().waitingPolite }

    /// A language must have a voice profile here, as a server would check; the sentence says which there are.
    public func submit(_ request: SpeakRequest, arrival: MonotonicInstant) throws(DestinationError) -> Submission {
        switch announcement(request, arrival: arrival, checkingLanguage: true) {
        case let .success(announcement):
            engine.submit(announcement)
            return .accepted(announcement.id)
        case let .failure(sentence):
            return .refused(reason: sentence.description, throttled: false)
        }
    }

    public func post(_ request: ClientRequest, refused: @escaping @Sendable (String) -> Void) {
        switch request {
        case let .speak(speak):
            // Emacspeak's language commands offer only the languages there are voices for.
            switch announcement(speak, arrival: .now(), checkingLanguage: false) {
            case let .success(announcement): engine.submit(announcement)
            case let .failure(sentence): refused(sentence.description)
            }
        case .stopOwn: engine.scheduler.cancel(.client(.embedded))
        case .pauseOwn: engine.scheduler.pause(.client(.embedded))
        case .resumeOwn: engine.scheduler.resume(.client(.embedded))
        case let .cancelRegion(region): engine.scheduler.cancel(.region(region))
        }
    }

    /// The announcement the engine is given for a request, or the one sentence saying why there is none.
    private func announcement(_ request: SpeakRequest, arrival: MonotonicInstant, checkingLanguage: Bool) -> Result<Announcement, DestinationError> {
        if checkingLanguage, let language = request.language {
            do throws(DestinationError) { try check(language) } catch { return .failure(error) }
        }
        do throws(ProtocolError) {
            return .success(try request.announcement(defaults: ConnectionDefaults(language: defaultLanguage), arrival: arrival))
        } catch {
            return .failure(DestinationError(error.message))
        }
    }

    public func offeredVoices() throws(DestinationError) -> (voices: [OfferedVoice], defaultLanguage: Language) {
        let library = engine.voices
        let voices = library.spokenLanguages.map { language in
            let profile = library.speakingProfile(for: language)
            return OfferedVoice(name: profile.name, language: language, voiceType: profile.voiceType)
        }
        return (voices, defaultLanguage)
    }

    public func serverStatus() -> StatusBody? { nil }

    public func check(_ language: Language) throws(DestinationError) {
        do throws(AnnouncementError) { try engine.voices.check(language) } catch { throw DestinationError(error.description) }
    }

    /// The engine is this destination's alone, so everything in it was sent through it: all of it is
    /// cancelled, and each has its outcome on the timeline before this returns, as a server's cancels do.
    public func cancelOutstanding() {
        engine.scheduler.cancel(.all)
        engine.scheduler.waitUntilIdle()
    }

    public func interrupt(then: @escaping @Sendable () -> Void) {
        engine.scheduler.cancel(.all)
        engine.scheduler.whenIdle(then)
    }

    public func finish() {
        engine.finish()
        close()
    }

    public func close() {
        engine.scheduler.removeObserver(observer)
    }

    /// Hands the engine's timeline events to the collector.
    private final class Forwarder: TimelineObserver {
        let timeline: TimelineCollector
        init(timeline: TimelineCollector) { self.timeline = timeline }
        func record(_ event: TimelineEvent) { timeline.record(AnnouncementEvent(event)) }
    }
}
