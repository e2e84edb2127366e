import AnnouncerCore
import AnnouncerProtocol
import Testing

/// The JSON-lines protocol as a value: lines in, actions out, no sockets and no server.
@Suite struct JSONLinesSessionTests {
    var session = JSONLinesSession(defaults: ConnectionDefaults(language: .english), languages: [.english, .norwegianBokmal])
    let now = MonotonicInstant(microseconds: 5_000_000)

    private mutating func send(_ line: String, at time: MonotonicInstant? = nil, open: Bool = true) -> [JSONLinesSession.Action] {
        session.receive(Array(line.utf8), at: time ?? now, connectionOpen: open)
    }

    private func submitted(_ actions: [JSONLinesSession.Action]) -> (Announcement, Bool)? {
        for case let .submit(announcement, follow) in actions { return (announcement, follow) }
        return nil
    }

    /// Should hand the server an announcement filled from the connection's defaults, and reply only once it is queued.
    @Test("A speak becomes one submit with the connection's defaults; the reply waits for the server")
    mutating func speakIsSubmittedWithDefaults() throws {
        _ = send(#"{"request":"defaults","lang":"nb","politeness":"assertive"}"#)
        let actions = send(#"{"request":"speak","text":"Feil","id":"err-1","follow":true}"#)
        let (announcement, follow) = try #require(submitted(actions))
        #expect(actions.count == 1)
        #expect(follow)
        #expect(announcement.language == .norwegianBokmal && announcement.politeness == .assertive)
        #expect(announcement.arrival == now)
        #expect(session.accepted(announcement, follow: follow) == [.reply(#"{"reply":"speak","ok":true,"id":"err-1"}"#)])
    }

    /// Should answer a bad line with one refusal sentence, and a blank line with nothing.
    @Test("A bad line is one refusal; a blank line gets no reply")
    mutating func badAndBlankLines() {
        #expect(send("  \t") == [])
        guard case let .reply(line)? = send("{nope").first else { Issue.record("expected a reply"); return }
        #expect(line.hasPrefix(#"{"reply":null,"ok":false,"error":"invalid_json""#))
        guard case let .reply(refusal)? = send(#"{"request":"speak","text":"x","lang":"xq"}"#).first else { Issue.record("expected a reply"); return }
        #expect(refusal.hasPrefix(#"{"reply":"speak","ok":false,"error":"unknown_language""#))
    }

    /// Should let a status reuse a snapshot made after this connection last changed something.
    @Test("Status and voices are handed to the server, with the moment this connection last changed anything")
    mutating func queriesCarryLastChange() {
        let later = now + .seconds(2)
        #expect(send(#"{"request":"status"}"#) == [.status(changedSince: MonotonicInstant(microseconds: 0))])
        _ = send(#"{"request":"cancel","all":true}"#, at: later)
        #expect(send(#"{"request":"status"}"#, at: later + .seconds(1)) == [.status(changedSince: later)])
        #expect(send(#"{"request":"voices"}"#) == [.voices])
    }

    /// Should never answer a new connection with a status made before it opened.
    @Test("A connection's first status may reuse only a snapshot made after it opened, so it sees what another program just did")
    func firstStatusIsNoOlderThanTheConnection() {
        let opened = now + .seconds(5)
        var session = JSONLinesSession(defaults: ConnectionDefaults(language: .english), languages: [.english], openedAt: opened)
        #expect(session.receive(Array(#"{"request":"status"}"#.utf8), at: opened + .milliseconds(1)) == [.status(changedSince: opened)])
    }

    /// Should carry out what changes the queue after a hang-up, and skip what nobody is left to read.
    @Test("After a hang-up, cancels still count and queries are skipped")
    mutating func afterHangUpOnlyChangesCount() {
        #expect(send(#"{"request":"status"}"#, open: false) == [])
        #expect(send(#"{"request":"cancel","region":"r"}"#, open: false) == [.cancel(.region(RegionID("r")))])
    }

    /// Should send a follower its own announcement's events until it ends, and a subscriber every event.
    @Test("Followed announcements' events go to their sender until they end; subscribers get all")
    mutating func followingAndSubscribing() throws {
        let (mine, follow) = try #require(submitted(send(#"{"request":"speak","text":"Mine","follow":true}"#)))
        _ = session.accepted(mine, follow: follow)
        let other = try Announcement(text: "Other", arrival: now)
        func wants(_ kind: TimelineEvent.Kind, _ announcement: Announcement, own: Bool) -> Bool {
            session.wants(TimelineEvent(time: now, kind: kind, announcement: announcement), isOwn: own)
        }
        #expect(wants(.firstAudio, mine, own: true))
        #expect(!wants(.firstAudio, other, own: false))
        #expect(wants(.ended(.spoken), mine, own: true))
        #expect(!wants(.ended(.spoken), mine, own: true))
        #expect(send(#"{"request":"subscribe"}"#) == [.subscribe, .reply(#"{"reply":"subscribe","ok":true}"#)])
        #expect(wants(.queued, other, own: false))
        let dropped = session.subscriptionDropped()
        #expect(dropped)
        let droppedAgain = session.subscriptionDropped()
        #expect(!droppedAgain)
        #expect(!wants(.queued, other, own: false))
    }
}
