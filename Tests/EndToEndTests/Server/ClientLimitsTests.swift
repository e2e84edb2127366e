import TestSupport
import AnnouncerCore
import AnnouncerProtocol
import AnnouncerServer
import Foundation
import Synchronization
import Testing

/// The per-client allowance as a value, with time moved by hand.
struct ClientAllowanceTests {
    private let start = MonotonicInstant(microseconds: 1_000_000_000)
    private let limits = ClientLimits(rate: .init(burst: 3, perSecond: 2), maxPending: nil, maxTextBytes: 100)

    private func at(_ milliseconds: Int64) -> MonotonicInstant { start + .milliseconds(milliseconds) }

    /// Should accept a whole burst at once, then refuse the next for its rate.
    @Test func burstIsAcceptedThenRateIsRefused() {
        var allowance = ClientAllowance(limits: limits, at: start)
        for _ in 0..<3 { #expect(allowance.admit(textBytes: 10, at: start) == .accepted(nil)) }
        #expect(allowance.admit(textBytes: 10, at: start) == .refused(.rate, .started(.rate)))
    }

    /// Should earn back one announcement per 1/rate seconds, and no more.
    @Test func bucketRefillsAtItsRate() {
        var allowance = ClientAllowance(limits: limits, at: start)
        for _ in 0..<3 { _ = allowance.admit(textBytes: 10, at: start) }
        #expect(allowance.admit(textBytes: 10, at: at(499)) == .refused(.rate, .started(.rate)))
        #expect(allowance.admit(textBytes: 10, at: at(500)) == .accepted(nil))
        #expect(allowance.admit(textBytes: 10, at: at(500)) == .refused(.rate, nil))
    }

    /// Should never hold more than its burst, however long the client was quiet.
    @Test func bucketNeverHoldsMoreThanItsBurst() {
        var allowance = ClientAllowance(limits: limits, at: start)
        let later = start + .seconds(3_600)
        for _ in 0..<3 { #expect(allowance.admit(textBytes: 10, at: later) == .accepted(nil)) }
        #expect(allowance.admit(textBytes: 10, at: later) == .refused(.rate, .started(.rate)))
    }

    /// Should not charge a refused announcement: a client that keeps sending while refused still gets its rate.
    @Test func refusalsCostNoTokens() {
        var allowance = ClientAllowance(limits: limits, at: start)
        for _ in 0..<3 { _ = allowance.admit(textBytes: 10, at: start) }
        for step in 1...9 { _ = allowance.admit(textBytes: 10, at: at(Int64(step) * 50)) }
        #expect(allowance.admit(textBytes: 10, at: at(500)) == .accepted(nil))
    }

    /// Should refuse beyond the pending limit until one of the client's announcements ends.
    @Test func pendingLimitRefusesUntilOneEnds() {
        var allowance = ClientAllowance(limits: ClientLimits(rate: nil, maxPending: 2, maxTextBytes: nil), at: start)
        #expect(allowance.admit(textBytes: 10, at: start) == .accepted(nil))
        #expect(allowance.admit(textBytes: 10, at: start) == .accepted(nil))
        #expect(allowance.admit(textBytes: 10, at: start) == .refused(.pending, .started(.pending)))
        allowance.ended()
        #expect(allowance.pending == 1)
        #expect(allowance.admit(textBytes: 10, at: at(1)) == .accepted(nil))
    }

    /// Should refuse a text over the limit without counting the client as throttled.
    @Test func textOverTheLimitIsRefusedWithoutThrottling() {
        var allowance = ClientAllowance(limits: limits, at: start)
        #expect(allowance.admit(textBytes: 100, at: start) == .accepted(nil))
        #expect(allowance.admit(textBytes: 101, at: start) == .refused(.textLength, nil))
        #expect(!allowance.isThrottled)
        #expect(allowance.pending == 1)
    }

    /// Should start an episode at the first refusal, once, and end it only after a quiet second.
    @Test func throttlingStartsOnceAndStopsAfterAQuietSecond() {
        var allowance = ClientAllowance(limits: limits, at: start)
        for _ in 0..<3 { _ = allowance.admit(textBytes: 10, at: start) }
        #expect(allowance.admit(textBytes: 10, at: at(10)) == .refused(.rate, .started(.rate)))
        #expect(allowance.admit(textBytes: 10, at: at(20)) == .refused(.rate, nil))
        #expect(allowance.admit(textBytes: 10, at: at(30)) == .refused(.rate, nil))
        #expect(allowance.quietAt == at(1_030))
        #expect(allowance.settle(at: at(1_029)) == nil)
        #expect(allowance.isThrottled)
        #expect(allowance.settle(at: at(1_030)) == .stopped(refused: 3, lasted: .milliseconds(20)))
        #expect(!allowance.isThrottled)
        #expect(allowance.settle(at: at(2_000)) == nil)
    }

    /// Should keep a client that is accepted now and then, but still refused, in one episode.
    @Test func acceptanceBetweenRefusalsDoesNotEndTheEpisode() {
        var allowance = ClientAllowance(limits: limits, at: start)
        for _ in 0..<3 { _ = allowance.admit(textBytes: 10, at: start) }
        #expect(allowance.admit(textBytes: 10, at: at(100)) == .refused(.rate, .started(.rate)))
        #expect(allowance.admit(textBytes: 10, at: at(600)) == .accepted(nil))
        #expect(allowance.isThrottled)
        #expect(allowance.admit(textBytes: 10, at: at(1_200)) == .accepted(.stopped(refused: 1, lasted: .zero)))
    }

    /// Should accept everything when rate and pending are off.
    @Test func liftedLimitsAcceptEverything() {
        var allowance = ClientAllowance(limits: ClientLimits(rate: nil, maxPending: nil, maxTextBytes: nil), at: start)
        for _ in 0..<10_000 { #expect(allowance.admit(textBytes: 100_000, at: start) == .accepted(nil)) }
    }
}

/// Per-client limits against a real `announcerd`: an abusive client is refused with a reason,
/// stays connected, and the others keep being spoken.
@Suite(.serialized) struct ClientLimitsTests {
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
        let server = try ServerProcess()
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
        #expect(server.process.isRunning)
        #expect(!server.standardErrorText.contains("Throttling a client"), "\(server.standardErrorText)")
    }

    @Test("Past its program's bound a client's oldest polite ones are dropped with the reason, status says so per client, and another client is untouched")
    func clientBoundDropsOnlyThatClientsOldest() throws {
        let server = try ServerProcess(arguments: ["--max-waiting-polite-per-client", "50"])
        defer { server.stop() }
        let flooder = try SocketClient(path: server.socketPath)
        _ = flooder.request(#"{"request":"speak","text":"Flood 0, a long first one that keeps the voice busy for a while so the rest must wait"}"#)
        let other = try SocketClient(path: server.socketPath)
        let mine = try #require(other.request(#"{"request":"speak","text":"Mine","follow":true}"#)?.id)
        flooder.send((1...100).map { #"{"request":"speak","text":"Flood \#($0)"}"# + "\n" }.joined())
        let replies = (1...100).compactMap { _ in flooder.readReply() }
        #expect(replies.allSatisfy { $0.reply?.ok == true }, "\(replies.first { $0.reply?.ok != true }?.text ?? "")")

        // Both connections are this test's process, so one program: its bound counts the other client's
        // one too, and the oldest of its busiest client, the flooder, go.
        let run = try ProgramRun(ServerProcess.announce.path, ["status", "--socket", server.socketPath])
        #expect(run.standardOutput.unwrapped.contains("49 polite and 0 assertive waiting, 51 dropped."), "\(run.standardOutput)")
        #expect(run.standardOutput.unwrapped.contains("had 51 dropped for this reason: It was the oldest of the 50 polite announcements one program may have waiting"), "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("\u{1B}"))
        let events = other.readEvents(until: isEnd(of: mine), timeout: 20)
        #expect(events.last?.outcome == .spoken)
    }

    @Test("Status names the throttled client, its protocol and process, and counts refusals by reason; announce status says so in plain lines")
    func statusNamesTheThrottledClient() throws {
        let server = try ServerProcess(arguments: ["--client-burst", "5", "--client-rate", "1"])
        defer { server.stop() }
        let client = try SocketClient(path: server.socketPath)
        // The status request follows the refusals in the same write, so it is read within the quiet second.
        client.send((0..<10).map { #"{"request":"speak","text":"Item \#($0)"}"# + "\n" }.joined() + #"{"request":"status"}"# + "\n")
        let replies = (0..<10).compactMap { _ in client.readReply() }
        #expect(replies.count { $0.reply?.error == .throttled } >= 4)
        let status = try #require(client.readReply())
        let throttling = try #require(status.body(StatusBody.self)?.throttling, "\(status.text)")
        #expect(throttling.throttled == 1)
        #expect((throttling.refused["rate"] ?? 0) >= 4)
        // The status decodes only with each throttled client's number (`client`), so that needs no check of its own.
        let shown = try #require(throttling.throttledClients.first)
        #expect(shown.wireProtocol == .json)
        #expect(shown.pid == Int(getpid()))
        #expect(throttling.limits.burst == 5)

        // Another process floods over SSIP while announce status asks.
        let flood = Process()
        flood.executableURL = URL(fileURLWithPath: "/bin/sh")
        flood.arguments = ["-c", "(printf 'SET SELF CLIENT_NAME joe:flood:main\\r\\n'; for i in $(seq 1 150); do printf 'SPEAK\\r\\nFlood %s\\r\\n.\\r\\n' $i; sleep 0.02; done) | socat -t 1 - UNIX-CONNECT:\(server.socketPath) > /dev/null"]
        try flood.run()
        defer { if flood.isRunning { flood.terminate() } }
        var output = ""
        let seen = waitFor({
            output = (try? ProgramRun(ServerProcess.announce.path, ["status", "--socket", server.socketPath]))?.standardOutput.unwrapped ?? ""
            return output.contains("SSIP, joe:flood:main, process ")
        }, seconds: 15)
        #expect(seen, "\(output)")
        #expect(output.contains("throttled now."))
        #expect(output.contains("Each client may send 5 announcements at once, then 1 a second; 20000 waiting or speaking; texts of at most 8192 bytes."))
        #expect(!output.contains("│") && !output.contains("\u{1B}"))
        flood.waitUntilExit()
        // Quiet for a second after its last refusal, and gone: no longer throttled, and the log said when it stopped.
        #expect(waitFor({ server.standardErrorText.contains("A client is no longer throttled.") || server.standardErrorText.contains("A throttled client closed its connection.") }, seconds: 5), "\(server.standardErrorText)")
    }

    @Test("Beyond the pending limit a message is refused over JSON (throttled) and SSIP (418), and accepted again once one ends")
    func pendingLimitRefusesOverJSONAndSSIP() throws {
        let server = try ServerProcess(arguments: ["--client-pending", "2"])
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
        #expect(waitFor({
            json.request(#"{"request":"speak","text":"Seven, after the others ended."}"#)?.reply?.ok == true
        }, seconds: 5))
    }

    @Test("A text over the length limit is refused over JSON (text_too_long) and SSIP (419), without throttling the client")
    func textOverTheLimitIsRefusedOverJSONAndSSIP() throws {
        let server = try ServerProcess(arguments: ["--max-text-length", "1024"])
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
