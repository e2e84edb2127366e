import AnnouncerCore
import AnnouncerProtocol
import Foundation
import SeamTestSupport
import TestSupport
import Testing

/// The JSON-lines protocol against the server in this process, on the fake engine.
struct JSONLinesOnFakeEngineTests {
    @Test("A send time stamped with CLOCK_MONOTONIC is carried onto every event, and comes before the server's received")
    func sentTimeIsCarriedThrough() throws {
        let server = try InProcessServer()
        defer { server.stop() }
        let client = try SocketClient(path: server.socketPath)
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let sent = Double(now.tv_sec) * 1_000 + Double(now.tv_nsec / 1_000) / 1_000
        let request = #"{"request":"speak","text":"Stamped","rate":450,"follow":true,"sent_ms":"# + String(format: "%.3f", sent) + "}"
        let id = try #require(client.request(request)?.id)
        let events = client.readEvents(until: isEnd(of: id))
        #expect(events.count == 6)
        #expect(events.allSatisfy { abs(($0.sent?.value ?? 0) - sent) < 0.002 })
        // The server's clock is the same one: it read the request after the client stamped it, and soon after.
        let received = try #require(events.first?.time.value)
        #expect(received >= sent - 0.001)
        #expect(received - sent < 1_000)
    }

    @Test("A subscriber hears the events of another client's announcement")
    func subscriberHearsOtherClients() throws {
        let server = try InProcessServer()
        defer { server.stop() }
        let listener = try SocketClient(path: server.socketPath)
        #expect(listener.request(.subscribe)?.reply?.ok == true)
        let speaker = try SocketClient(path: server.socketPath)
        let id = try #require(speaker.request(#"{"request":"speak","text":"From another client","rate":450}"#)?.id)
        let events = listener.readEvents(until: isEnd(of: id))
        #expect(events.last?.outcome == .spoken)
        #expect(events.first?.event == .received)
    }

    @Test("Defaults set on a connection apply to its later announcements")
    func connectionDefaultsApply() throws {
        let server = try InProcessServer()
        defer { server.stop() }
        let client = try SocketClient(path: server.socketPath)
        let defaults = try #require(client.request(#"{"request":"defaults","lang":"nb","politeness":"assertive"}"#)?.body(DefaultsBody.self))
        #expect(defaults.language == .norwegianBokmal)
        #expect(defaults.politeness == .assertive)
        let id = try #require(client.request(#"{"request":"speak","text":"Hei","rate":450,"follow":true}"#)?.id)
        let ended = try #require(client.readEvents(until: isEnd(of: id)).last)
        #expect(ended.language == .norwegianBokmal)
        #expect(ended.politeness == .assertive)
    }

    @Test("Status gives the version, the sink, the queue depths and what is speaking")
    func statusDescribesTheServer() throws {
        // The device takes the first word and then holds, so the first announcement is still speaking.
        let sink = RecordingSink()
        sink.hold(after: 1)
        let server = try InProcessServer(sink: sink)
        defer { server.stop() }
        let client = try SocketClient(path: server.socketPath)
        _ = client.request(#"{"request":"speak","text":"A long polite sentence that keeps speaking for a while","id":"long-one"}"#)
        _ = client.request(#"{"request":"speak","text":"Waiting behind it"}"#)
        try #require(sink.waitUntilHeld(), "the first announcement never reached the device")
        let status = try #require(client.request(.status)?.body(StatusBody.self))
        #expect(!status.version.isEmpty)
        #expect(!status.sink.isEmpty)
        #expect(status.speaking?.id == AnnouncementID("long-one"))
        #expect(status.waiting.polite == 1)
        #expect(status.clients == 1)
    }

    @Test("A client-chosen id still in use is refused; cancel by region ends its announcements")
    func chosenIDInUseIsRefusedAndCancelByRegionWorks() throws {
        let server = try InProcessServer()
        defer { server.stop() }
        let client = try SocketClient(path: server.socketPath)
        #expect(client.request(.subscribe)?.reply?.ok == true)
        let mine = AnnouncementID("mine")
        var events: [EventLine] = []
        let first = client.request(#"{"request":"speak","text":"A long polite sentence that keeps speaking","id":"mine","region":"status"}"#, events: &events)
        #expect(first?.id == mine)
        let again = client.request(#"{"request":"speak","text":"Another","id":"mine"}"#, events: &events)
        #expect(again?.reply?.error == .idInUse)
        #expect(client.request(#"{"request":"cancel","region":"status"}"#, events: &events)?.reply?.ok == true)
        events += client.readEvents(until: isEnd(of: mine))
        #expect(events.last { $0.event == .ended }?.outcome == .cancelled)
    }
}
