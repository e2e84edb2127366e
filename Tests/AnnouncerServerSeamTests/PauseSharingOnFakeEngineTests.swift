import AnnouncerCore
import AnnouncerProtocol
import Foundation
import ServerSeamSupport
import TestSupport
import Glibc
import Testing

/// No client's pause holds the others' speech: the server in this process, on the fake engine.
struct PauseSharingOnFakeEngineTests {
    /// Hangs up as a client that vanishes does: no QUIT.
    private func hangUp(_ client: SocketClient) {
        shutdown(client.descriptor, Int32(SHUT_RDWR))
    }

    private func latency(_ events: [EventLine]) -> Duration? {
        events.first { $0.event == .firstAudio }?.latency.map { .microseconds(Int64($0.microseconds)) }
    }

    @Test("A PAUSE ALL whose client hangs up holds nobody's speech, and the server says why it ended")
    func pauseAllEndsWhenItsClientHangsUp() throws {
        let server = try InProcessServer()
        defer { server.stop() }
        let pauser = try SocketClient(path: server.socketPath)
        #expect(pauser.ssip("PAUSE ALL") == "211 OK PAUSED")
        hangUp(pauser)
        let events = try speakAssertiveAndFollow("Heard after the pause went with its client", at: server.socketPath)
        #expect(events.last?.outcome == .spoken, "\(events)")
        #expect(server.waitForLog("because the client that paused went away"), "\(server.logText)")
    }

    /// Should hand on a client's last lines before its connection is taken apart, even when the reply
    /// to the first fails to write: the second line here once vanished unseen.
    @Test("A PAUSE ALL sent just before a hang-up, with no reply read, is carried out and ends with its client")
    func pauseAllSentJustBeforeAHangUpIsCarriedOut() throws {
        let server = try InProcessServer()
        defer { server.stop() }
        let pauser = try SocketClient(path: server.socketPath)
        pauser.send("SET SELF CLIENT_NAME tests:pauser:main\r\nPAUSE ALL\r\n")
        hangUp(pauser)
        #expect(server.waitForLog("because the client that paused went away"), "\(server.logText)")
        let events = try speakAssertiveAndFollow("Heard after the pause went with its client", at: server.socketPath)
        #expect(events.last?.outcome == .spoken, "\(events)")
    }

    @Test("A PAUSE ALL ends at --max-pause-all while its client stays, logged once")
    func pauseAllEndsAtItsLimit() throws {
        let server = try InProcessServer { $0.maxPauseForAll = .seconds(1) }
        defer { server.stop() }
        let pauser = try SocketClient(path: server.socketPath)
        #expect(pauser.ssip("PAUSE ALL") == "211 OK PAUSED")
        let events = try speakAssertiveAndFollow("Heard once the pause ran out", at: server.socketPath)
        #expect(events.last?.outcome == .spoken, "\(events)")
        let waited = try #require(latency(events), "\(events)")
        #expect(waited >= .milliseconds(800) && waited < .seconds(5), "first audio \(waited) after arrival, with a limit of 1 s")
        _ = try speakAssertiveAndFollow("And after it", at: server.socketPath)
        let lines = server.logText.split(separator: "\n").filter { $0.contains("ended at its time limit") }
        #expect(lines.count == 1, "\(server.logText)")
        // Still connected, and still answered.
        #expect(pauser.ssip("HISTORY GET CLIENT_ID")?.hasPrefix("245") == true)
    }

    @Test("A client that paused itself and hangs up has every message it left end cancelled, saying why")
    func pausedClientHangingUpHasItsMessagesCancelled() throws {
        let server = try InProcessServer()
        defer { server.stop() }
        let listener = try SocketClient(path: server.socketPath)
        _ = listener.request(.subscribe)
        let hoarder = try SocketClient(path: server.socketPath)
        #expect(hoarder.ssip("SET SELF PRIORITY IMPORTANT") == "202 OK PRIORITY SET")
        #expect(hoarder.ssip("PAUSE SELF") == "211 OK PAUSED")
        var ids: Set<AnnouncementID> = []
        for index in 0..<20 {
            #expect(hoarder.ssip("SPEAK") == "230 OK RECEIVING DATA")
            hoarder.send("Hoarded \(index)\r\n.\r\n")
            while let line = hoarder.readLine(), !line.hasPrefix("225 ") {
                if line.hasPrefix("225-") { ids.insert(AnnouncementID(String(line.dropFirst(4)))) }
            }
        }
        #expect(ids.count == 20)
        hangUp(hoarder)
        var ended: [AnnouncementID: EventLine] = [:]
        _ = listener.readEvents(until: { event in
            if event.event == .ended, ids.contains(event.id) { ended[event.id] = event }
            return ended.count == ids.count
        }, timeout: 20)
        #expect(ended.count == 20)
        #expect(ended.values.allSatisfy { $0.outcome == .cancelled && $0.reason?.contains("went away while paused") == true }, "\(ended.values.first.map { "\($0)" } ?? "")")
    }
}
