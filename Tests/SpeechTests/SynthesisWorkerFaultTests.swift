import Dispatch
import Foundation
import Speech
import Synchronization
import Testing

/// Faults that must cost milliseconds, not seconds: workers stopped, killed two at a time, or killed from
/// outside, with real `announcer-synth` processes. Each test prints what it measured.
@Suite(.serialized) struct SynthesisWorkerFaultTests {
    typealias Helpers = IsolatedSynthesizerTests

    /// A request queued now: when its first audio came, and how it ended.
    final class Timed: Sendable {
        let queued = ContinuousClock.now
        private let firstAudio = Mutex<ContinuousClock.Instant?>(nil)
        private let end = Mutex<SynthesisEnd?>(nil)
        private let done = DispatchSemaphore(value: 0)

        init(_ text: String, on synthesizer: IsolatedSynthesizer) {
            synthesizer.enqueue(SynthesisRequest(text: text, voice: "en"), cancellation: SynthesisCancellation(), to: EventCallback { [self] event in
                switch event {
                case .audio: firstAudio.withLock { $0 = $0 ?? .now }
                case .mark: break
                case let .ended(result):
                    end.withLock { $0 = result }
                    done.signal()
                }
            })
        }

        /// Waits for the end, at most 30 s.
        func wait() -> (end: SynthesisEnd?, firstAudioAfter: Duration?) {
            _ = done.wait(timeout: .now() + 30)
            return (end.withLock { $0 }, firstAudio.withLock { $0 }.map { $0 - queued })
        }
    }

    /// Polls until the supervisor has a standby ready, as it has a moment after it starts or replaces a worker.
    static func standbyProcessID(of synthesizer: IsolatedSynthesizer) -> Int32? {
        for _ in 0..<500 {
            if let pid = synthesizer.standbyProcessID { return pid }
            usleep(10_000)
        }
        return nil
    }

    @Test("A worker stopped mid-utterance gives way to the request queued behind it in well under a second, not the 3 s hang bound")
    func stoppedWorkerGivesWayToQueuedRequest() throws {
        let synthesizer = try Helpers.supervisor()
        let pid = try #require(synthesizer.workerProcessID)
        let next = Mutex<Timed?>(nil)
        let stopped = Helpers.synthesize(Helpers.longText, on: synthesizer, onFirstChunk: {
            kill(pid, SIGSTOP)
            next.withLock { $0 = Timed("Spoken next, without waiting for the hang bound.", on: synthesizer) }
        })
        defer { kill(pid, SIGCONT) }  // lets it go if the supervisor never killed it; harmless otherwise
        guard case let .failed(.workerCrashed(how)) = stopped.end else {
            Issue.record("expected the stopped worker to cost its utterance, got \(stopped.end)")
            return
        }
        #expect(how.contains("stopped from outside"), "\(how)")
        let (end, delay) = try #require(next.withLock { $0 }).wait()
        #expect(end == .completed)
        let measured = try #require(delay)
        print("stopped worker mid-utterance: the queued request's first audio came \(measured) after it was queued")
        #expect(measured < .milliseconds(500))
        #expect(synthesizer.workerProcessID != pid)
    }

    @Test("A worker stopped while idle is passed over at once: the next request is spoken by the standby")
    func stoppedIdleWorkerIsPassedOver() throws {
        let synthesizer = try Helpers.supervisor()
        let pid = try #require(synthesizer.workerProcessID)
        _ = try #require(Self.standbyProcessID(of: synthesizer))
        kill(pid, SIGSTOP)
        defer { kill(pid, SIGCONT) }  // lets it go if the supervisor never killed it; harmless otherwise
        let (end, delay) = Timed("Spoken by the standby.", on: synthesizer).wait()
        #expect(end == .completed)
        let measured = try #require(delay)
        print("stopped idle worker: first audio \(measured) after the request")
        #expect(measured < .milliseconds(500))
    }

    @Test("Both workers killed at once: the next request is still spoken, by a worker started at once")
    func bothWorkersKilledNextIsSpoken() throws {
        let synthesizer = try Helpers.supervisor()
        // Warm, as a server is: the first synthesis in a worker loads the voice.
        #expect(Helpers.synthesize("Warm.", on: synthesizer).end == .completed)
        let active = try #require(synthesizer.workerProcessID)
        let standby = try #require(Self.standbyProcessID(of: synthesizer))
        kill(active, SIGKILL)
        kill(standby, SIGKILL)
        let (end, delay) = Timed("Spoken after both workers were killed.", on: synthesizer).wait()
        #expect(end == .completed)
        let measured = try #require(delay)
        print("both workers killed: first audio \(measured) after the request")
        // The product bound is 100 ms; the slack is for a machine busy building.
        #expect(measured < .milliseconds(1_000))
        #expect(![active, standby].contains(synthesizer.workerProcessID ?? active))
    }

    @Test("A stopped standby is not handed the next request when the running worker dies: it is spoken anyway")
    func stoppedStandbyIsPassedOver() throws {
        let synthesizer = try Helpers.supervisor()
        let active = try #require(synthesizer.workerProcessID)
        let standby = try #require(Self.standbyProcessID(of: synthesizer))
        kill(standby, SIGSTOP)
        defer { kill(standby, SIGCONT) }  // lets it go if the supervisor never killed it; harmless otherwise
        kill(active, SIGKILL)
        let (end, delay) = Timed("Spoken although the standby was stopped.", on: synthesizer).wait()
        #expect(end == .completed)
        let measured = try #require(delay)
        print("stopped standby, running worker killed: first audio \(measured) after the request")
        #expect(measured < .milliseconds(1_000))
    }

    @Test("A worker killed while idle is replaced at once: its pid is gone from the supervisor within a short wait, with no request")
    func killedWorkerIsReportedGoneAtOnce() throws {
        let synthesizer = try Helpers.supervisor()
        let pid = try #require(synthesizer.workerProcessID)
        _ = try #require(Self.standbyProcessID(of: synthesizer))
        let killed = ContinuousClock.now
        kill(pid, SIGKILL)
        var gone = false
        while !gone, ContinuousClock.now - killed < .seconds(1) {
            gone = synthesizer.workerProcessID != pid
            if !gone { usleep(1_000) }
        }
        print("killed idle worker: no longer reported \(ContinuousClock.now - killed) after the kill")
        #expect(gone)
        #expect(synthesizer.health.restarts == 1)
        #expect(synthesizer.health.lastRestartReason?.contains("SIGKILL") == true)
    }

    @Test("Without a standby, as announcerd runs by default, one worker runs; killed while idle it is replaced at once and the next request is spoken")
    func withoutStandbyAKilledWorkerIsReplaced() throws {
        let synthesizer = try Helpers.supervisor(keepsStandby: false)
        #expect(Helpers.synthesize("Warm.", on: synthesizer).end == .completed)
        let pid = try #require(synthesizer.workerProcessID)
        // Idle memory holds one worker: no standby appears, however long one waits for it.
        usleep(300_000)
        #expect(synthesizer.standbyProcessID == nil && !synthesizer.isStandbyReady)

        kill(pid, SIGKILL)
        let killed = ContinuousClock.now
        var replacement: Int32?
        while replacement == nil, ContinuousClock.now - killed < .seconds(2) {
            if let now = synthesizer.workerProcessID, now != pid { replacement = now } else { usleep(1_000) }
        }
        print("no standby, idle worker killed: a replacement ran \(ContinuousClock.now - killed) after the kill")
        #expect(replacement != nil, "no worker was started after the kill")
        let (end, delay) = Timed("Spoken by the worker started after the kill.", on: synthesizer).wait()
        #expect(end == .completed)
        let measured = try #require(delay)
        print("no standby: first audio \(measured) after the request")
        #expect(synthesizer.standbyProcessID == nil)
        #expect(synthesizer.health.restarts == 1)
    }

    @Test("Without a standby, a worker killed mid-utterance costs that utterance only: the one queued behind it is spoken by a worker started at once")
    func withoutStandbyTheQueuedRequestIsSpoken() throws {
        let synthesizer = try Helpers.supervisor(keepsStandby: false)
        let pid = try #require(synthesizer.workerProcessID)
        let next = Mutex<Timed?>(nil)
        let killed = Helpers.synthesize(Helpers.longText, on: synthesizer, onFirstChunk: {
            next.withLock { $0 = Timed("Spoken next, by a fresh worker.", on: synthesizer) }
            kill(pid, SIGKILL)
        })
        guard case .failed(.workerCrashed) = killed.end else {
            Issue.record("expected the killed worker to cost its utterance, got \(killed.end)")
            return
        }
        let (end, delay) = try #require(next.withLock { $0 }).wait()
        #expect(end == .completed)
        let measured = try #require(delay)
        print("no standby, worker killed mid-utterance: the queued request's first audio came \(measured) after it was queued")
        #expect(synthesizer.workerProcessID != pid)
    }

    @Test("The synthesis worker loads no Foundation and no audio library: eSpeak NG is linked into it, with only libsonic beside")
    func workerLoadsNoFoundationAndNoAudioLibrary() throws {
        let synthesizer = try Helpers.supervisor(keepsStandby: false)
        #expect(Helpers.synthesize("Lean.", on: synthesizer).end == .completed)
        let pid = try #require(synthesizer.workerProcessID)
        // Read to the end: /proc files have no size, and a reader that trusts the size gets one page.
        let file = try #require(FileHandle(forReadingAtPath: "/proc/\(pid)/maps"))
        let maps = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
        #expect(maps.contains("libsonic"), "the worker's maps should show libsonic, the one library eSpeak NG needs beside it")
        let unwanted = ["Foundation", "ICU", "libespeak-ng", "libpcaudio", "libpulse", "libasound", "libX11", "libsndfile"]
        let loaded = maps.split(separator: "\n").filter { line in unwanted.contains { line.contains($0) } }
        #expect(loaded.isEmpty, "\(loaded.prefix(3).joined(separator: "\n"))")
    }

    @Test("Without a standby, a worker killed just before a request, again and again, leaves one worker running, not two")
    func withoutStandbyRacesLeaveOneWorker() throws {
        let synthesizer = try Helpers.supervisor(keepsStandby: false)
        for round in 1...5 {
            let pid = try #require(synthesizer.workerProcessID, "no worker in round \(round)")
            // The replacement starts in the background while the request starts one of its own: one must go.
            kill(pid, SIGKILL)
            let (end, _) = Timed("Round \(round).", on: synthesizer).wait()
            #expect(end == .completed, "round \(round): \(String(describing: end))")
        }
        usleep(500_000)
        #expect(synthesizer.standbyProcessID == nil, "a second worker was kept as a standby")
    }
}
