import AnnouncerCore
import AnnouncerProtocol
import Foundation
import TestSupport
import Testing

/// Per-client limits on the server in this process, on the fake engine: an abusive client is refused
/// with a reason, stays connected, and the others keep being spoken.
struct ClientLimitsOnFakeEngineTests {
    /// Sends one SSIP message and returns the reply lines that end it.
    private func ssipSpeak(_ client: SocketClient, _ text: String) -> [String] {
        client.send("SPEAK\r\n")
        guard client.readLine() == "230 OK RECEIVING DATA" else { return ["no 230"] }
        client.send(text + "\r\n.\r\n")
        var lines: [String] = []
        while let line = client.readLine() {
            lines.append(line)
            if line.count >= 4, line[line.index(line.startIndex, offsetBy: 3)] == " " { break }
        }
        return lines
    }

    @Test("A client that floods 2,000 at once is accepted in full, and another client's polite announcement is next after the one speaking")
    func floodingClientIsSharedFairlyNotRefused() throws {
        let server = try InProcessServer()
        defer { server.stop() }
        let observer = try SocketClient(path: server.socketPath)
        #expect(observer.request(.subscribe)?.reply?.ok == true)
        // The observer reads the shared timeline as it comes, as a QA tool does; one that stopped
        // reading for a while would have its events cut.
        let observed = UncheckedBox(EventList())
        let observing = DispatchSemaphore(value: 0)
        let observerBox = UncheckedBox(observer)
        Thread.detachNewThread {
            // Written before the signal and read after the wait, so the semaphore orders the two.
            observed.value.events = observerBox.value.readEvents(until: isEnd(of: AnnouncementID("saved")), timeout: 120)
            observing.signal()
        }
        let flooder = try SocketClient(path: server.socketPath)
        var accepted = 0
        var unexpected: [String] = []
        for batch in 0..<10 {
            flooder.send((0..<200).map { #"{"request":"speak","text":"Flood \#(batch * 200 + $0)","id":"flood-\#(batch * 200 + $0)"}"# + "\n" }.joined())
            for _ in 0..<200 {
                guard let reply = flooder.readReply() else {
                    unexpected.append("no reply")
                    break
                }
                if reply.reply?.ok == true { accepted += 1 } else { unexpected.append(reply.text) }
            }
        }
        #expect(unexpected.isEmpty, "\(unexpected.prefix(3))")
        #expect(accepted == 2_000)

        let other = try SocketClient(path: server.socketPath)
        let id = try #require(other.request(#"{"request":"speak","text":"Your file was saved","id":"saved","follow":true}"#)?.id)
        let events = other.readEvents(until: isEnd(of: id), timeout: 20)
        #expect(events.last?.outcome == .spoken)

        // On the shared timeline, at most one of the flood's announcements started between this one's
        // arrival and its start: the one speaking when it came.
        #expect(observing.wait(timeout: .now() + 60) == .success)
        let timeline = observed.value.events
        let received = try #require(timeline.firstIndex(where: isEvent(.received, of: id)))
        let started = try #require(timeline.firstIndex(where: isEvent(.started, of: id)))
        let floodStarts = timeline[received..<started].count { $0.id.rawValue.hasPrefix("flood-") && $0.event == .started }
        #expect(floodStarts <= 1, "\(floodStarts) of the flood started first")

        let reply = try #require(other.request(.status))
        let clients = try #require(reply.body(StatusBody.self)?.clientList, "\(reply.text)")
        let flood = try #require(clients.first { $0.waiting.polite > 1_000 }, "\(clients)")
        #expect(flood.wireProtocol == .json)
        #expect(flood.dropped == 0)
        #expect(server.answers)
        #expect(!server.logText.contains("Throttling a client"), "\(server.logText)")
    }

    @Test("Beyond the pending limit a message is refused over JSON (throttled) and SSIP (418), and accepted again once one ends")
    func pendingLimitRefusesOverJSONAndSSIP() throws {
        let server = try InProcessServer { $0.clientLimits.maxPending = 2 }
        defer { server.stop() }
        let long = "This status keeps on talking for a good while, so that it is still waiting or speaking when the next one comes."
        let json = try SocketClient(path: server.socketPath)
        #expect(json.request(#"{"request":"speak","text":"One. \#(long)","follow":true}"#)?.reply?.ok == true)
        #expect(json.request(#"{"request":"speak","text":"Two. \#(long)","follow":true}"#)?.reply?.ok == true)
        let refused = try #require(json.request(#"{"request":"speak","text":"Three. \#(long)"}"#)?.reply)
        #expect(refused.error == .throttled)
        #expect(refused.message?.contains("already has 2 announcements waiting or speaking") == true, "\(refused)")

        let ssip = try SocketClient(path: server.socketPath)
        ssip.send("SET SELF PRIORITY message\r\n")
        #expect(ssip.readLine() == "202 OK PRIORITY SET")
        #expect(ssipSpeak(ssip, "Four. \(long)").last == "225 OK MESSAGE QUEUED")
        #expect(ssipSpeak(ssip, "Five. \(long)").last == "225 OK MESSAGE QUEUED")
        #expect(ssipSpeak(ssip, "Six. \(long)") == ["418 ERR TOO MANY MESSAGES WAITING, AT MOST 2 AT ONCE"])
        ssip.send("HISTORY GET CLIENT_ID\r\n")
        #expect(ssip.readLine()?.hasPrefix("245-") == true)

        // Once its announcements end, the client may send again.
        var events: [EventLine] = []
        #expect(json.request(#"{"request":"cancel","all":true}"#, events: &events)?.reply?.ok == true)
        var ended = events.count { $0.event == .ended }
        if ended < 2 {
            _ = json.readEvents(until: { event in
                if event.event == .ended { ended += 1 }
                return ended >= 2
            })
        }
        #expect(ended == 2)
        // The server counts an announcement out of its client's pending ones before it writes the
        // ended event, so the client that has read both ends is accepted at once.
        #expect(json.request(#"{"request":"speak","text":"Seven, after the others ended."}"#)?.reply?.ok == true)
    }

    @Test("A text over the length limit is refused over JSON (text_too_long) and SSIP (419), without throttling the client")
    func textOverTheLimitIsRefusedOverJSONAndSSIP() throws {
        let server = try InProcessServer { $0.clientLimits.maxTextBytes = 1_024 }
        defer { server.stop() }
        let tooLong = String(repeating: "word ", count: 300)
        let json = try SocketClient(path: server.socketPath)
        let refused = try #require(json.request(#"{"request":"speak","text":"\#(tooLong)"}"#)?.reply)
        #expect(refused.error == .textTooLong)
        #expect(refused.message?.contains("over the limit of 1024 bytes") == true, "\(refused)")
        #expect(json.request(#"{"request":"speak","text":"Short enough"}"#)?.reply?.ok == true)

        let ssip = try SocketClient(path: server.socketPath)
        #expect(ssipSpeak(ssip, tooLong) == ["419 ERR MESSAGE TEXT TOO LONG, THE LIMIT IS 1024 BYTES"])
        #expect(ssipSpeak(ssip, "Short enough too").last == "225 OK MESSAGE QUEUED")

        let status = try #require(json.request(.status)?.body(StatusBody.self)?.throttling)
        #expect(status.throttled == 0)
        #expect(status.refused["text_length"] == 2)
    }
}

/// Events one thread collects for another.
final class EventList {
    var events: [EventLine] = []
}

/// Hands a value that is used by one thread at a time to another thread.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
