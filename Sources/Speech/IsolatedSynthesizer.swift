import DequeModule
import Dispatch
import Foundation
import Synchronization

/// eSpeak NG in a supervised worker process (`announcer-synth`), streaming PCM over a pipe, as Speech
/// Dispatcher runs its output modules: a crash, abort or hang in the library costs at most the request
/// being synthesized, which ends `failed` with a reason, and a warm standby takes over for the next.
///
/// Requests run one at a time, in order, on the supervisor's own thread (never the cooperative pool).
/// A text that crashed the worker twice is refused at once for `crashMemory`, not retried in a loop.
public final class IsolatedSynthesizer: Synthesizer {
    public let sampleRate: Int
    /// The worker executable.
    public let executable: String
    /// No audio and no end for this long while synthesizing counts as a hang.
    public let hangTimeout: Duration
    /// How long a text that crashed the worker twice is refused.
    public let crashMemory: Duration

    private let jobs = Mutex<Deque<SynthesisRequest>>([])
    private let available = DispatchSemaphore(value: 0)
    private let workers: WorkerSlots
    private let counters = Mutex(SynthesisHealth())
    private let crashes = Mutex<[Int: (count: Int, last: ContinuousClock.Instant)]>([:])

    /// Starts the worker and a standby, and the supervisor thread; throws if the first cannot start.
    public init(executable: String, hangTimeout: Duration = .seconds(3), crashMemory: Duration = .seconds(600)) throws(SpeechError) {
        // A write to a worker that just died must be an error to handle here, not a signal that ends the server.
        signal(SIGPIPE, SIG_IGN)
        self.executable = executable
        self.hangTimeout = hangTimeout
        self.crashMemory = crashMemory
        let first = try SynthesisWorkerProcess.start(executable: executable, timeout: .seconds(10))
        sampleRate = first.sampleRate
        workers = WorkerSlots(executable: executable, active: first)
        workers.prepareStandby()
        let thread = Thread { [self] in runForever() }
        thread.name = "announcer.synthesis-supervisor"
        thread.qualityOfService = .userInteractive
        thread.start()
    }

    /// One supervisor and its workers per executable, shared by every engine in this process.
    public static func shared(executable: String) throws(SpeechError) -> IsolatedSynthesizer {
        let result = sharedSupervisors.withLock { supervisors -> Result<IsolatedSynthesizer, SpeechError> in
            if let running = supervisors[executable] { return .success(running) }
            let started = Result { () throws(SpeechError) in try IsolatedSynthesizer(executable: executable) }
            if case let .success(supervisor) = started { supervisors[executable] = supervisor }
            return started
        }
        return try result.get()
    }

    private static let sharedSupervisors = Mutex<[String: IsolatedSynthesizer]>([:])

    /// The worker beside this program (`announcer-synth`), or `$ANNOUNCER_SYNTH_WORKER`; nil if neither exists.
    public static func defaultExecutable(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let chosen = environment["ANNOUNCER_SYNTH_WORKER"], !chosen.isEmpty {
            return FileManager.default.isExecutableFile(atPath: chosen) ? chosen : nil
        }
        let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let beside = URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent("announcer-synth").path
        return FileManager.default.isExecutableFile(atPath: beside) ? beside : nil
    }

    public func enqueue(_ request: SynthesisRequest) {
        jobs.withLock { $0.append(request) }
        available.signal()
    }

    /// Restarts, hangs and refused inputs so far, for status reports.
    public var health: SynthesisHealth { counters.withLock { $0 } }

    /// The worker's process id now, for tests that kill it.
    public var workerProcessID: Int32? { workers.activePID }

    /// True when a warm standby waits ready to take over from a worker that dies.
    public var isStandbyReady: Bool { workers.isStandbyReady }

    // MARK: - The supervisor thread

    private func runForever() {
        var nextID: UInt32 = 0
        while true {
            available.wait()
            guard let request = jobs.withLock({ $0.popFirst() }) else { continue }
            guard !request.isCancelled() else {
                request.finish(.aborted)
                continue
            }
            var prepared = request
            if let preparation = request.preparation { prepared.text = preparation(request.text) }
            let key = Self.key(prepared)
            if isRefused(key) {
                counters.withLock { $0.refusedInputs += 1 }
                request.finish(.failed(.refusedCrashingInput))
                continue
            }
            nextID &+= 1
            request.finish(synthesize(prepared, id: nextID, key: key))
        }
    }

    private func synthesize(_ request: SynthesisRequest, id: UInt32, key: Int) -> SynthesisEnd {
        guard let worker = workers.active() else {
            return .failed(.workerUnavailable(workers.lastStartFailure ?? "no worker runs"))
        }
        let frame = WorkerFrame.synthesize(WorkerRequest(
            id: id, text: request.text, voice: request.voice, rate: request.rate, pitch: request.pitch, volume: request.volume))
        guard worker.channel.write(frame) else {
            // It died between requests, not on this text: replace it and try once more.
            replace(worker, crashedOn: nil, how: worker.stop())
            guard let second = workers.active(), second.channel.write(frame) else {
                return .failed(.workerUnavailable(workers.lastStartFailure ?? "the worker stopped before it began"))
            }
            return stream(request, id: id, key: key, from: second)
        }
        return stream(request, id: id, key: key, from: worker)
    }

    /// Reads the worker's frames for one request, handing audio on, until its end, a crash or a hang.
    private func stream(_ request: SynthesisRequest, id: UInt32, key: Int, from worker: SynthesisWorkerProcess) -> SynthesisEnd {
        var cancelled = false
        while true {
            switch worker.channel.read(timeout: hangTimeout) {
            case let .success(.audio(frameID, samples)) where frameID == id:
                guard !cancelled else { continue }
                let kept = samples.withUnsafeBufferPointer { request.deliver($0) }
                if !kept {
                    cancelled = true
                    worker.channel.write(.cancel(id: id))
                }
            case let .success(.end(frameID, end)) where frameID == id:
                if cancelled { return .aborted }
                switch end {
                case .completed: return .completed
                case .aborted: return .aborted
                case let .failed(message): return .failed(.workerCrashed("eSpeak NG reported: \(message)"))
                }
            case .success:
                continue
            case .failure(.timedOut):
                counters.withLock { $0.hangs += 1 }
                let seconds = Double(hangTimeout.components.seconds) + Double(hangTimeout.components.attoseconds) / 1e18
                let how = String(format: "it gave no audio and no end for %.1f s, so it was stopped", seconds)
                worker.stop()
                replace(worker, crashedOn: key, how: how)
                return .failed(.workerCrashed(how))
            case .failure:
                let how = worker.stop()
                replace(worker, crashedOn: key, how: how)
                if cancelled { return .aborted }
                return .failed(.workerCrashed(how))
            }
        }
    }

    private func replace(_ worker: SynthesisWorkerProcess, crashedOn key: Int?, how: String) {
        counters.withLock {
            $0.restarts += 1
            $0.lastRestartReason = how
        }
        if let key { remember(key) }
        workers.replace(worker)
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
    /// Times a worker was replaced after a crash, a hang or an exit.
    public var restarts = 0
    /// Of those, the hangs.
    public var hangs = 0
    /// Requests refused at once because their text had crashed the worker twice.
    public var refusedInputs = 0
    /// How the last replaced worker ended, in words.
    public var lastRestartReason: String?
}

/// The running worker and its warm standby, started on a queue of their own.
private final class WorkerSlots: @unchecked Sendable {
    let executable: String
    private let lock = NSLock()
    private var current: SynthesisWorkerProcess?
    private var standby: SynthesisWorkerProcess?
    private var startingStandby = false
    private(set) var lastStartFailure: String?
    private let starter = DispatchQueue(label: "announcer.synthesis-standby", qos: .userInitiated)

    init(executable: String, active: SynthesisWorkerProcess) {
        self.executable = executable
        current = active
    }

    var activePID: Int32? { lock.withLock { current?.pid } }

    var isStandbyReady: Bool { lock.withLock { standby != nil } }

    /// The running worker; starts one now if none runs and no standby is ready.
    func active() -> SynthesisWorkerProcess? {
        if let worker = lock.withLock({ current }) { return worker }
        let promoted: SynthesisWorkerProcess? = lock.withLock {
            current = standby
            standby = nil
            return current
        }
        if let promoted {
            prepareStandby()
            return promoted
        }
        do throws(SpeechError) {
            let started = try SynthesisWorkerProcess.start(executable: executable, timeout: .seconds(10))
            lock.withLock { current = started }
            prepareStandby()
            return started
        } catch {
            lock.withLock { lastStartFailure = error.description }
            return nil
        }
    }

    /// Drops a dead worker; the standby becomes the running one at once.
    func replace(_ dead: SynthesisWorkerProcess) {
        lock.withLock {
            if current === dead {
                current = standby
                standby = nil
            }
        }
        prepareStandby()
    }

    /// Starts a standby in the background unless one is ready or starting.
    func prepareStandby() {
        let needed = lock.withLock { () -> Bool in
            guard standby == nil, !startingStandby else { return false }
            startingStandby = true
            return true
        }
        guard needed else { return }
        starter.async { [self] in
            let started = try? SynthesisWorkerProcess.start(executable: executable, timeout: .seconds(10))
            lock.withLock {
                startingStandby = false
                if current == nil { current = started } else { standby = started }
            }
        }
    }
}
