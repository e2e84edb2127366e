import Blocking
import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// eSpeak NG in a supervised worker process (`announcer-synth`), streaming PCM over a pipe, as Speech
/// Dispatcher runs its output modules: a crash, abort or hang in the library costs at most the request
/// being synthesized, which ends `failed` with a reason, and a fresh worker (started at once, about
/// 15 ms, or a warm standby kept ready when asked for) takes over for the next.
///
/// Requests run one at a time, in order, on the supervisor's own thread (never the cooperative pool).
/// A worker that is silent while an announcement waits on it is replaced within `stallTimeout`, and a
/// request it gave no audio for is tried once more on the next worker. A text that ended the worker
/// twice by the worker's own fault (a crash inside it, or a hang while it ran; never a kill or a stop from
/// outside) is refused at once for `crashMemory`.
///
/// It belongs to whoever starts it (announcerd's `EngineHeadStart`, or an engine started without one),
/// who may hand it to several engines; nothing in the process finds it for them.
public final class IsolatedSynthesizer: Synthesizer {
    public let sampleRate: Int
    /// The voices of the worker's eSpeak NG, as the first worker said when ready.
    public let catalog: ESpeakCatalog
    /// The worker executable.
    public let executable: String
    /// No audio and no end for this long, once audio has begun and nothing waits behind it, counts as a hang.
    public let hangTimeout: Duration
    /// No frame for this long, while an announcement waits on the worker, counts as a stall: the worker
    /// is replaced at once. An announcement waits on it when no audio has come yet for the request, when
    /// the request was cut, or when another request is queued behind it. A worker answers in about 1 ms.
    public let stallTimeout: Duration
    /// How long a text that crashed the worker twice is refused.
    public let crashMemory: Duration

    private let jobs = BlockingQueue<Job>()
    private let workers: WorkerSlots
    private let counters = Mutex(SynthesisHealth())
    private let crashes = Mutex<[Int: (count: Int, last: ContinuousClock.Instant)]>([:])
    /// Left when the supervisor thread has taken its last request, after `stop`.
    private let supervisorDone = DispatchGroup()

    /// How long a worker that an announcement waits on may be silent before it is looked at: whether it
    /// was stopped. A request queued behind it has it looked at at once.
    private static let firstLook = Duration.milliseconds(50)
    /// The worker the supervisor is streaming from, for `enqueue` to nudge.
    private let streaming = Mutex<SynthesisWorkerProcess?>(nil)

    /// Starts the worker (and a standby, when `keepsStandby`) and the supervisor thread; throws if the first cannot start.
    public init(
        executable: String, hangTimeout: Duration = .seconds(3), stallTimeout: Duration = .milliseconds(300),
        crashMemory: Duration = .seconds(600), keepsStandby: Bool = false
    ) throws(SpeechError) {
        // A write to a worker that just died must be an error to handle here, not a signal that ends the server.
        signal(SIGPIPE, SIG_IGN)
        self.executable = executable
        self.hangTimeout = hangTimeout
        self.stallTimeout = stallTimeout
        self.crashMemory = crashMemory
        workers = try WorkerSlots(executable: executable, keepsStandby: keepsStandby)
        sampleRate = workers.sampleRate
        catalog = workers.catalog
        supervisorDone.enter()
        DedicatedThread.start(name: "announcer.synthesis-supervisor") { [self] in
            runForever()
            supervisorDone.leave()
        }
    }

    /// The worker beside this program (`announcer-synth`), or `$ANNOUNCER_SYNTH_WORKER`; nil if neither exists.
    public static func defaultExecutable(environment: [String: String] = ProcessEnvironment.current) -> String? {
        if let chosen = environment["ANNOUNCER_SYNTH_WORKER"], !chosen.isEmpty {
            return access(chosen, X_OK) == 0 ? chosen : nil
        }
        let own = ownExecutablePath() ?? CommandLine.arguments[0]
        let folder = own.lastIndex(of: "/").map { String(own[..<$0]) } ?? "."
        let beside = folder + "/announcer-synth"
        return access(beside, X_OK) == 0 ? beside : nil
    }

    /// Where this program's file is, from `/proc/self/exe`; nil if it cannot be read.
    private static func ownExecutablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public func enqueue(_ request: SynthesisRequest, cancellation: SynthesisCancellation, to receiver: any SynthesisReceiver) {
        guard jobs.append(Job(request: request, cancellation: cancellation, receiver: receiver)) else {
            receiver.receive(.ended(.failed(.workerUnavailable("the server is stopping"))))
            return
        }
        streaming.withLock { $0 }?.nudge()
    }

    /// Stops the supervisor once the requests it holds are done, then ends its workers, and blocks
    /// until they have ended: a stopping server's last step before it exits. A request that comes
    /// later fails at once.
    public func stop() {
        jobs.close()
        supervisorDone.wait()
        workers.stopAll()
    }

    /// A request queued, with its cancellation and its receiver.
    private struct Job: Sendable {
        var request: SynthesisRequest
        let cancellation: SynthesisCancellation
        let receiver: any SynthesisReceiver
    }

    /// Restarts, hangs and refused inputs so far, for status reports.
    public var health: SynthesisHealth {
        var health = counters.withLock { $0 }
        (health.restarts, health.lastRestartReason) = workers.restarts
        return health
    }

    /// The running worker's process id, for status and for tests that kill it; nil while none runs.
    /// A worker that ends is replaced by the standby at once, so this never names a dead worker for long.
    public var workerProcessID: Int32? { workers.activePID }

    /// True when a warm standby waits ready to take over from a worker that dies.
    public var isStandbyReady: Bool { workers.isStandbyReady }

    /// The standby's process id, for tests that kill or stop it; nil while none is ready.
    public var standbyProcessID: Int32? { workers.standbyPID }

    // MARK: - The supervisor thread

    private func runForever() {
        var nextID: UInt32 = 0
        // Closed only by `stop`: the supervisor serves its owner until it stops.
        while let job = jobs.take() {
            guard !job.cancellation.isCancelledBeforeStart() else {
                job.receiver.receive(.ended(.aborted))
                continue
            }
            var prepared = job
            prepared.request = job.request.prepared
            let key = Self.key(prepared.request)
            if isRefused(key) {
                counters.withLock { $0.refusedInputs += 1 }
                job.receiver.receive(.ended(.failed(.refusedCrashingInput)))
                continue
            }
            nextID &+= 1
            job.receiver.receive(.ended(synthesize(prepared, id: nextID, key: key)))
        }
    }

    /// What came of one attempt at a request on one worker.
    private enum Attempt {
        case ended(SynthesisEnd)
        /// The worker was lost before it gave any audio, not by this text's fault: try the next worker.
        case lostBeforeAudio(how: String)
    }

    /// Sends the request to a usable worker and streams it; tries once more on the next worker when
    /// the first was lost before it gave any audio, since nothing was heard and the text was not to blame.
    private func synthesize(_ job: Job, id: UInt32, key: Int) -> SynthesisEnd {
        let request = job.request
        let frame = WorkerFrame.synthesize(WorkerRequest(
            id: id, text: request.text, voice: request.voice, rate: request.rate, pitch: request.pitch, volume: request.volume,
            isMarkup: request.isMarkup))
        // A request lost before any audio, not by its own text's fault, goes to the next worker: the
        // standby, then a fresh one, since both may have been killed at once and not yet be seen dead.
        var retriesLeft = 2
        while true {
            guard let worker = workers.usable() else {
                return .failed(.workerUnavailable(workers.lastStartFailure ?? "no worker runs"))
            }
            let attempt: Attempt
            if worker.channel.write(frame) {
                attempt = stream(job, id: id, key: key, from: worker, mayRetry: retriesLeft > 0)
            } else {
                // It died just before this request, not on this text.
                let how = worker.stop(grace: .milliseconds(20)).description
                workers.retire(worker, because: how)
                attempt = .lostBeforeAudio(how: how)
            }
            switch attempt {
            case let .ended(end):
                return end
            case let .lostBeforeAudio(how):
                guard retriesLeft > 0 else { return .failed(.workerCrashed(how)) }
                retriesLeft -= 1
            }
        }
    }

    /// Reads the worker's frames for one request, handing audio on, until its end, a crash, a stall or a hang.
    private func stream(
        _ job: Job, id: UInt32, key: Int, from worker: SynthesisWorkerProcess, mayRetry: Bool
    ) -> Attempt {
        let (cancellation, receiver) = (job.cancellation, job.receiver)
        var cut = false
        var heardAudio = false
        var lastFrame = ContinuousClock.now
        // A request queued meanwhile nudges the wait, since the worker is then waited on.
        streaming.withLock { $0 = worker }
        defer { streaming.withLock { $0 = nil } }
        while true {
            let waitedOn = (mayRetry && !heardAudio) || cut || !jobs.isEmpty
            let arrival = worker.next(within: nextLook(silentSince: lastFrame, waitedOn: waitedOn))
            if case .frame = arrival { lastFrame = .now }
            switch arrival {
            case let .frame(.audio(frameID, samples)) where frameID == id:
                guard !cut else { continue }
                heardAudio = true
                samples.withUnsafeBufferPointer { receiver.receive(.audio($0)) }
                // Time spent waiting for playback to take the audio is not the worker's silence.
                lastFrame = .now
                if cancellation.isCancelled {
                    cut = true
                    worker.channel.write(.cancel(id: id))
                }
            case let .frame(.mark(frameID, mark, sample)) where frameID == id:
                guard !cut else { continue }
                receiver.receive(.mark(Int(mark), samplesBefore: Int(sample)))
            case let .frame(.end(frameID, end)) where frameID == id:
                if cut { return .ended(.aborted) }
                switch end {
                case .completed: return .ended(.completed)
                case .aborted: return .ended(.aborted)
                case let .failed(message): return .ended(.failed(.workerCrashed("eSpeak NG reported: \(message)")))
                }
            case .frame:
                continue
            case .nudged, .timedOut:
                // A cut is seen here too, not only when the next audio is refused: a silent worker gives no audio to refuse.
                if !cut, cancellation.isCancelled {
                    cut = true
                    worker.channel.write(.cancel(id: id))
                }
                let silence = ContinuousClock.now - lastFrame
                let waitedOn = (mayRetry && !heardAudio) || cut || !jobs.isEmpty
                let condition = worker.condition
                if waitedOn, silence >= stallTimeout || condition == .stopped {
                    let how = condition == .stopped
                        ? "it was stopped from outside while an announcement waited on it, so it was replaced"
                        : "it gave nothing for \(silence.tenthsOfSeconds) s while an announcement waited on it, so it was replaced"
                    return lose(worker, how: how, blame: nil, cut: cut, heardAudio: heardAudio, mayRetry: mayRetry)
                }
                if silence >= hangTimeout {
                    let how = "it gave no audio and no end for \(hangTimeout.tenthsOfSeconds) s, so it was stopped"
                    // A worker that hangs while running is stuck in eSpeak on this text; one stopped from outside is not.
                    return lose(worker, how: how, blame: condition == .running ? key : nil, cut: cut, heardAudio: heardAudio, mayRetry: mayRetry)
                }
            case .failed:
                let exit = worker.stop(grace: .milliseconds(20))
                workers.retire(worker, because: exit.description)
                if exit.isOwnFault { remember(key) }
                if cut { return .ended(.aborted) }
                if !heardAudio, mayRetry, !exit.isOwnFault { return .lostBeforeAudio(how: exit.description) }
                return .ended(.failed(.workerCrashed(exit.description)))
            }
        }
    }

    /// How long to wait for the next frame: until the next moment at which the worker's silence, counted
    /// from its last frame, means something. While an announcement waits on it, that is the first look
    /// (whether it was stopped) and then the stall bound; otherwise the stall bound, where a cut is seen,
    /// and then the hang bound. So a silent worker costs at most three wake-ups, and one that speaks none.
    private func nextLook(silentSince lastFrame: ContinuousClock.Instant, waitedOn: Bool) -> Duration {
        let silence = ContinuousClock.now - lastFrame
        if waitedOn, silence < Self.firstLook { return Self.firstLook - silence }
        if silence < stallTimeout { return stallTimeout - silence }
        return max(hangTimeout - silence, .zero)
    }

    /// Replaces a worker that stalled or hung: counted as a hang, and retried when nothing was heard yet.
    private func lose(_ worker: SynthesisWorkerProcess, how: String, blame key: Int?, cut: Bool, heardAudio: Bool, mayRetry: Bool) -> Attempt {
        counters.withLock { $0.hangs += 1 }
        // Retired before it is killed, so the restart is counted with this reason, not as a SIGKILL.
        workers.retire(worker, because: how)
        if let key { remember(key) }
        if cut { return .ended(.aborted) }
        if !heardAudio, mayRetry { return .lostBeforeAudio(how: how) }
        return .ended(.failed(.workerCrashed(how)))
    }

    private func remember(_ key: Int) {
        crashes.withLock { crashes in
            let count = (crashes[key]?.count ?? 0) + 1
            crashes[key] = (count, .now)
        }
    }

    private func isRefused(_ key: Int) -> Bool {
        crashes.withLock { crashes in
            guard let entry = crashes[key] else { return false }
            if ContinuousClock.now - entry.last > crashMemory {
                crashes[key] = nil
                return false
            }
            return entry.count >= 2
        }
    }

    /// The same text in the same voice is the same input.
    private static func key(_ request: SynthesisRequest) -> Int {
        var hasher = Hasher()
        hasher.combine(request.voice)
        hasher.combine(request.text)
        return hasher.finalize()
    }
}

/// How the synthesis worker has fared: what `announce status` reports.
public struct SynthesisHealth: Sendable, Equatable {
    /// Times a worker was replaced: after a crash, a kill, an exit, a stall or a hang, or found stopped.
    public var restarts = 0
    /// Of those, the stalls and hangs: a worker silent while an announcement waited, or for the hang bound.
    public var hangs = 0
    /// Requests refused at once because their text had crashed the worker twice.
    public var refusedInputs = 0
    /// How the last replaced worker ended, in words.
    public var lastRestartReason: String?
}
