import TestSupport
import AnnouncerCore
import AnnouncerProtocol
import Foundation
import Testing

/// The server's synthesis worker, killed under a running `announcerd`: one announcement lost, with a reason.
@Suite(.serialized, .startsProcesses) struct SynthesisWorkerThroughServerTests {
    @Test("Killing the synthesis worker mid-utterance fails that announcement with a reason; the next is spoken, and status counts the restart")
    func killedWorkerCostsOneAnnouncement() async throws {
        let server = try await ServerProcess.start()
        defer { server.end() }
        let client = try SocketClient(path: server.socketPath)
        let synthesis = try #require(Self.synthesis(client))
        #expect(synthesis.isolated)
        let pid = try #require(synthesis.workerPID)

        let long = String(repeating: "This long status keeps going while the synthesizer is stopped. ", count: 40)
        let first = try #require(client.request(#"{"request":"speak","text":"\#(long)","follow":true}"#)?.id)
        _ = await client.events(until: isEvent(.firstAudio, of: first))
        #expect(kill(pid_t(pid), SIGKILL) == 0)
        let ended = await client.events(until: isEnd(of: first)).last
        #expect(ended?.outcome == .failed)
        #expect(ended?.reason?.contains("The speech synthesizer stopped while speaking this") == true, "\(String(describing: ended))")

        let next = try #require(client.request(#"{"request":"speak","text":"Spoken after the crash.","politeness":"assertive","follow":true}"#)?.id)
        let events = await client.events(until: isEnd(of: next))
        #expect(events.contains { $0.event == .firstAudio })
        #expect(events.last?.outcome == .spoken)

        let after = try #require(Self.synthesis(client))
        #expect(after.restarts == 1)
        #expect(after.lastRestart?.contains("SIGKILL") == true)
        #expect(after.workerPID != pid)
    }

    @Test("A client's text that crashes eSpeak NG fails with a reason to that client, and the server speaks the next")
    func crashingTextCostsOneAnnouncement() async throws {
        let server = try await ServerProcess.start()
        defer { server.end() }
        let client = try SocketClient(path: server.socketPath)
        // libespeak-ng 1.51 aborts ("stack smashing detected") on this: see IsolatedSynthesizerTests.
        let crashing = String(repeating: "a . ", count: 200)
        let id = try #require(client.request(#"{"request":"speak","text":"\#(crashing)","follow":true}"#)?.id)
        let ended = await client.events(until: isEnd(of: id)).last
        #expect(ended?.outcome == .failed)
        #expect(ended?.reason?.contains("SIGABRT") == true, "\(String(describing: ended))")
        let next = try #require(client.request(#"{"request":"speak","text":"Still here.","follow":true}"#)?.id)
        #expect(await client.events(until: isEnd(of: next)).last?.outcome == .spoken)
        #expect(server.process.isRunning)
    }

    /// A text long enough that its synthesis is still under way when its first audio is heard: playback
    /// holds it back (2 s buffered, and the pipe), so a kill at first audio lands inside eSpeak's work on it.
    static let long = String(repeating: "This long status keeps going while the synthesizer is stopped. ", count: 40)

    /// How synthesis fares, from `status`.
    static func synthesis(_ client: SocketClient) -> SynthesisStatus? {
        client.request(.status)?.body(StatusBody.self)?.synthesis
    }

    /// The worker's pid from `status`.
    static func workerPID(_ client: SocketClient) -> Int? {
        synthesis(client)?.workerPID
    }

    /// Every child process of `pid`: announcerd's synthesis worker, and its standby with --standby-worker.
    static func children(of pid: Int32) -> [Int32] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? "")
                .split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
    }

    /// Sends an announcement and waits for its first audio; the time that took, or nil if it ended without.
    static func timeToFirstAudio(_ line: String, on client: SocketClient) async throws -> (id: AnnouncementID, delay: Duration?, events: [EventLine]) {
        let sent = ContinuousClock.now
        var early: [EventLine] = []
        let id = try #require(client.request(line, events: &early)?.id)
        let events = await client.events(until: { event in
            event.id == id && [.firstAudio, .ended].contains(event.event)
        })
        let heard = events.last.map(isEvent(.firstAudio, of: id)) == true
        return (id, heard ? ContinuousClock.now - sent : nil, events)
    }

    @Test("A worker stopped (SIGSTOP) mid-utterance delays the next assertive announcement by well under a second, not the 3 s hang bound")
    func stoppedWorkerDoesNotHoldUpAssertive() async throws {
        let server = try await ServerProcess.start()
        defer { server.end() }
        let client = try SocketClient(path: server.socketPath)
        let pid = try #require(Self.workerPID(client))
        let first = try #require(client.request(#"{"request":"speak","text":"\#(Self.long)","follow":true}"#)?.id)
        _ = await client.events(until: isEvent(.firstAudio, of: first))
        #expect(kill(pid_t(pid), SIGSTOP) == 0)
        defer { kill(pid_t(pid), SIGCONT) }  // lets it go if the server never killed it; harmless otherwise
        let (next, delay, events) = try await Self.timeToFirstAudio(
            #"{"request":"speak","text":"Assertive, after the stop.","politeness":"assertive","follow":true}"#, on: client)
        let measured = try #require(delay, "no first audio: \(events)")
        print("SIGSTOP mid-utterance: the next assertive announcement began \(measured) after it was sent")
        #expect(measured < .milliseconds(500))
        #expect(await client.events(until: isEnd(of: next)).last?.outcome == .spoken)
    }

    @Test("By default the server runs one synthesis worker, no standby: idle memory holds one")
    func oneWorkerByDefault() async throws {
        let server = try await ServerProcess.start()
        defer { server.end() }
        let client = try SocketClient(path: server.socketPath)
        let spoken = try #require(client.request(#"{"request":"speak","text":"One worker.","follow":true}"#)?.id)
        #expect(await client.events(until: isEnd(of: spoken)).last?.outcome == .spoken)
        // Not a wait: half a second in which a standby worker begun by mistake would show.
        try await Task.sleep(for: .microseconds(500_000))
        #expect(Self.children(of: server.process.processIdentifier).count == 1)
        // The started line says how the start-up time was spent, stage by stage.
        #expect(server.standardErrorText.contains("server started in "), "\(server.standardErrorText)")
        #expect(server.standardErrorText.contains("voice profiles "), "\(server.standardErrorText)")
    }

    @Test("With --standby-worker, both synthesis workers killed at once: the next announcement is still spoken")
    func bothWorkersKilledNextIsSpoken() async throws {
        let server = try await ServerProcess.start(arguments: ["--standby-worker"])
        defer { server.end() }
        let client = try SocketClient(path: server.socketPath)
        let warm = try #require(client.request(#"{"request":"speak","text":"Warm.","follow":true}"#)?.id)
        #expect(await client.events(until: isEnd(of: warm)).last?.outcome == .spoken)
        var workers: [Int32] = []
        #expect(await waitFor({ workers = Self.children(of: server.process.processIdentifier); return workers.count == 2 }, seconds: 10), "\(workers)")
        for worker in workers { kill(worker, SIGKILL) }
        let (next, delay, events) = try await Self.timeToFirstAudio(
            #"{"request":"speak","text":"Spoken after both workers were killed.","politeness":"assertive","follow":true}"#, on: client)
        let measured = try #require(delay, "no first audio: \(events)")
        print("both workers killed: the next announcement began \(measured) after it was sent")
        #expect(await client.events(until: isEnd(of: next)).last?.outcome == .spoken)
        #expect(!workers.contains(pid_t(Self.workerPID(client) ?? 0)))
    }

    @Test("A text whose worker was killed twice from outside while speaking it is still spoken, not refused as a crasher")
    func textKilledTwiceFromOutsideIsStillSpoken() async throws {
        let server = try await ServerProcess.start()
        defer { server.end() }
        let client = try SocketClient(path: server.socketPath)
        let line = #"{"request":"speak","text":"\#(Self.long)","follow":true}"#
        var killed: Int?
        for _ in 0..<2 {
            // The worker that replaces a killed one is started just after the failure is told: status names
            // it a moment later, and a busy machine has seen it name none yet.
            var named: Int?
            #expect(await waitFor({ named = Self.workerPID(client); return named != nil && named != killed }, seconds: 10), "status named no new worker")
            let pid = try #require(named)
            killed = pid
            let id = try #require(client.request(line)?.id)
            _ = await client.events(until: isEvent(.firstAudio, of: id))
            #expect(kill(pid_t(pid), SIGKILL) == 0)
            #expect(await client.events(until: isEnd(of: id)).last?.outcome == .failed)
        }
        let (third, delay, events) = try await Self.timeToFirstAudio(line, on: client)
        #expect(delay != nil, "the third time was not spoken: \(events)")
        _ = client.request(.cancel(.id(third)))
        let status = try #require(Self.synthesis(client))
        #expect(status.refusedInputs == 0)
    }

    @Test("status stops naming a killed worker within a short wait, with no announcement to find it dead")
    func statusSeesAKilledWorkerAtOnce() async throws {
        let server = try await ServerProcess.start()
        defer { server.end() }
        let client = try SocketClient(path: server.socketPath)
        let pid = try #require(Self.workerPID(client))
        let killed = ContinuousClock.now
        #expect(kill(pid_t(pid), SIGKILL) == 0)
        // Every 60 ms: status answers a connection at most 20 times a second, and a status reply is
        // reused for up to 100 ms (ServerContext.statusSnapshotLife), so about 120 ms is expected here.
        var named: Int? = pid
        while named == pid, ContinuousClock.now - killed < .seconds(1) {
            // Not a wait: paces the status requests, as the comment above says; status is how this is seen.
            try await Task.sleep(for: .microseconds(60_000))
            let reply = try #require(Self.synthesis(client))
            named = reply.workerPID
        }
        print("killed worker: status stopped naming it \(ContinuousClock.now - killed) after the kill (asked every 60 ms)")
        #expect(named != pid)
        let after = try #require(Self.synthesis(client))
        #expect(after.restarts == 1)
        #expect(after.lastRestart?.contains("SIGKILL") == true)
    }
}
