import AnnouncerCommandLine
import AnnouncerCore
import AnnouncerProtocol
import JSONLineEncoding
import Testing

/// How `events --text` puts a live timeline's events in the order of their times.
@Suite struct TimeOrderedEventsTests {
    private func event(_ id: String, _ kind: EventKind, at milliseconds: UInt64) -> EventLine {
        EventLine(time: Milliseconds(microseconds: milliseconds * 1_000), id: AnnouncementID(id), event: kind,
                  politeness: .polite, language: .english, text: id)
    }

    /// Should give out a received that came late before the later events that came ahead of it.
    @Test func lateReceivedIsPutBeforeLaterEvents() {
        var ordered = TimeOrderedEvents()
        var printed = ordered.add(event("1", .ended, at: 150))
        printed += ordered.add(event("2", .received, at: 100))
        printed += ordered.flush()
        #expect(printed.map { "\($0.id) \($0.event)" } == ["2 received", "1 ended"])
    }

    /// Should put an announcement's received before its end when both carry the same time.
    @Test func receivedComesBeforeEndedAtTheSameMoment() {
        var ordered = TimeOrderedEvents()
        _ = ordered.add(event("4", .ended, at: 10))
        _ = ordered.add(event("4", .received, at: 10))
        #expect(ordered.flush().map(\.event) == [.received, .ended])
    }

    /// Should give out what is older than the hold as soon as a newer event shows it is safe.
    @Test func eventsOlderThanTheHoldAreGivenOutAtOnce() {
        var ordered = TimeOrderedEvents(holdMicroseconds: 200_000)
        #expect(ordered.add(event("1", .received, at: 0)).isEmpty)
        #expect(ordered.add(event("1", .ended, at: 250)).map(\.event) == [.received])
    }
}
