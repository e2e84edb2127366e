import AnnouncerCore
@testable import AnnouncerScheduling
import Dispatch
import Synchronization
import Testing

/// The scheduler takes the clients' requests in turn: one client's backlog never stands between
/// another client's request and the queue, and what concerns everyone follows every request before it.
@Suite struct SchedulerTurnsTests {
    /// A speaker that never finishes: the queue keeps what it was given, and nothing is heard.
    final class SilentSpeaker: Speaker {
        func speak(_ announcement: Announcement, report: @escaping @Sendable (SpeechReport) -> Void) {}
        func stop(_ id: AnnouncementID) {}
        func pause(_ id: AnnouncementID) {}
    }

    func said(_ text: String, _ politeness: Politeness = .polite, from client: Int) -> Announcement {
        var announcement = try! Announcement(text: text, politeness: politeness, arrival: .now(), client: ClientID(client))
        announcement.dropsRepeats = false
        return announcement
    }

    /// Should take each client's lines in turn, each in the order sent.
    @Test("The lines hand out one request of each client in turn, each client's in order")
    func inboxesTakeClientsInTurn() {
        var inboxes = ClientInboxes()
        let order = Mutex<[String]>([])
        for index in 1...3 { inboxes.append({ order.withLock { $0.append("a\(index)") } }, from: ClientID(1)) }
        inboxes.append({ order.withLock { $0.append("b1") } }, from: ClientID(2))
        for request in inboxes.takeAll() { request() }
        #expect(order.withLock { $0 } == ["a1", "b1", "a2", "a3"])
        #expect(inboxes.isEmpty)
    }

    /// Should carry out another client's announcement within a turn or two, however many one client sent first.
    @Test("Another client's announcement reaches the queue ahead of a flooding client's backlog")
    func anotherClientIsNotBehindABacklog() {
        let scheduler = AnnouncementScheduler(speaker: SilentSpeaker())
        let timeline = TimelineRecorder()
        scheduler.addObserver(timeline)
        // The queue is held until everything is sent, so all of it waits at once, as in a flood.
        let held = DispatchSemaphore(value: 0), holding = DispatchSemaphore(value: 0)
        scheduler.whenIdle {
            holding.signal()
            held.wait()
        }
        holding.wait()
        for index in 0..<5_000 { scheduler.submit(said("Flood \(index)", from: 1)) }
        let mine = said("Error", .assertive, from: 2)
        scheduler.submit(mine)
        held.signal()
        // Status follows every request before it.
        #expect(scheduler.status().waitingPolite == 4_999)
        let received = timeline.recorded.filter { $0.kind == .received }.map(\.announcement.id)
        let place = received.firstIndex(of: mine.id) ?? received.count
        #expect(place == 1, "received \(place + 1)th of \(received.count)")
    }

    /// Should keep one client's cancel after its own announcements before it.
    @Test("A client's cancel of its own announcements follows them, however many wait")
    func aClientsCancelFollowsItsOwnRequests() {
        let scheduler = AnnouncementScheduler(speaker: SilentSpeaker())
        let sent = (0..<300).map { said("Line \($0)", from: 3) }
        for announcement in sent { scheduler.submit(announcement) }
        let ended = Mutex(0)
        scheduler.cancel(.ids(Set(sent.map(\.id))), from: ClientID(3)) { count in ended.withLock { $0 = count } }
        _ = scheduler.status()
        #expect(ended.withLock { $0 } == 300)
    }
}
