import Foundation
import Testing

/// The server's synthesis worker, killed under a running `announcerd`: one announcement lost, with a reason.
@Suite(.serialized) struct SynthesisWorkerThroughServerTests {
    @Test("Killing the synthesis worker mid-utterance fails that announcement with a reason; the next is spoken, and status counts the restart")
    func killedWorkerCostsOneAnnouncement() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let client = try SocketClient(path: server.socketPath)
        let status = try #require(client.request(#"{"request":"status"}"#))
        let synthesis = try #require(status["synthesis"] as? [String: Any])
        #expect(synthesis["isolated"] as? Bool == true)
        let pid = try #require(synthesis["worker_pid"] as? Int)

        let long = String(repeating: "This long status keeps going while the synthesizer is stopped. ", count: 40)
        let first = try #require(client.request(#"{"request":"speak","text":"\#(long)","follow":true}"#)?["id"] as? String)
        _ = client.readEvents(until: { $0["event"] as? String == "first_audio" && $0["id"] as? String == first })
        #expect(kill(pid_t(pid), SIGKILL) == 0)
        let ended = client.readEvents(until: isEnd(of: first)).last
        #expect(ended?["outcome"] as? String == "failed")
        #expect((ended?["reason"] as? String)?.contains("The speech synthesizer stopped while speaking this") == true, "\(String(describing: ended))")

        let next = try #require(client.request(#"{"request":"speak","text":"Spoken after the crash.","politeness":"assertive","follow":true}"#)?["id"] as? String)
        let events = client.readEvents(until: isEnd(of: next))
        #expect(events.contains { $0["event"] as? String == "first_audio" })
        #expect(events.last?["outcome"] as? String == "spoken")

        let after = try #require(client.request(#"{"request":"status"}"#)?["synthesis"] as? [String: Any])
        #expect(after["restarts"] as? Int == 1)
        #expect((after["last_restart"] as? String)?.contains("SIGKILL") == true)
        #expect(after["worker_pid"] as? Int != pid)
    }

    @Test("A client's text that crashes eSpeak NG fails with a reason to that client, and the server speaks the next")
    func crashingTextCostsOneAnnouncement() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let client = try SocketClient(path: server.socketPath)
        // libespeak-ng 1.51 aborts ("stack smashing detected") on this: see IsolatedSynthesizerTests.
        let crashing = String(repeating: "a . ", count: 200)
        let id = try #require(client.request(#"{"request":"speak","text":"\#(crashing)","follow":true}"#)?["id"] as? String)
        let ended = client.readEvents(until: isEnd(of: id)).last
        #expect(ended?["outcome"] as? String == "failed")
        #expect((ended?["reason"] as? String)?.contains("SIGABRT") == true, "\(String(describing: ended))")
        let next = try #require(client.request(#"{"request":"speak","text":"Still here.","follow":true}"#)?["id"] as? String)
        #expect(client.readEvents(until: isEnd(of: next)).last?["outcome"] as? String == "spoken")
        #expect(server.process.isRunning)
    }
}
