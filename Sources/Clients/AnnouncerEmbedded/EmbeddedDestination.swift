import AnnouncerCore
public import AnnouncerClient
public import AnnouncerEngine
import Dispatch

/// A speech engine inside this process as a speech destination; its "clients" are threads submitting at once.
public final class EmbeddedDestination: SpeechDestination, Sendable {
    public let engine: SpeechEngine
    public let timeline = TimelineCollector()
    private let observer: Forwarder

    public init(engine: SpeechEngine) {
        self.engine = engine
        observer = Forwarder(timeline: timeline)
        engine.scheduler.addObserver(observer)
    }

    public var description: String { "an engine inside announce, playing to \(engine.sinkSpec)" }

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

    /// The engine lives in this process and goes with it, so there is nothing to leave behind.
    public func cancelOutstanding() {}

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
