import Dispatch
import Synchronization

/// The running synthesis worker and, when asked for, its warm standby: each checked before it takes a
/// request, and retired the moment it ends, so `status` and the next request never see a dead worker
/// as running. Without a standby, a worker that ends is replaced at once by one started in the background
/// (about 15 ms), so idle memory is one worker's.
final class WorkerSlots: Sendable {
    let executable: String
    /// Whether a second worker waits ready beside the running one.
    let keepsStandby: Bool
    private let slots = Mutex(Slots())
    private let starter = DispatchQueue(label: "announcer.synthesis-standby", qos: .userInitiated)

    private struct Slots {
        var current: SynthesisWorkerProcess?
        var standby: SynthesisWorkerProcess?
        var startingStandby = false
        /// Set by `stopAll`: no worker is started or replaced after it.
        var stopped = false
        var lastStartFailure: String?
        var restarts = 0
        var lastRestartReason: String?
        /// The first worker's: every worker runs the same eSpeak NG, so every one has it.
        var sampleRate = 0
        /// The first worker's voices, for the same reason.
        var catalog = ESpeakCatalog(voices: [])
    }

    /// Starts the first worker, and a standby in the background if `keepsStandby`; throws if the first cannot start.
    init(executable: String, keepsStandby: Bool = false) throws(SpeechError) {
        self.executable = executable
        self.keepsStandby = keepsStandby
        let first = try start()
        slots.withLock {
            $0.current = first
            $0.sampleRate = first.sampleRate
            $0.catalog = first.catalog
        }
        prepareStandby()
    }

    var sampleRate: Int { slots.withLock { $0.sampleRate } }

    var catalog: ESpeakCatalog { slots.withLock { $0.catalog } }

    var activePID: Int32? { slots.withLock { $0.current?.pid } }

    var standbyPID: Int32? { slots.withLock { $0.standby?.pid } }

    var isStandbyReady: Bool { slots.withLock { $0.standby != nil } }

    /// Workers retired so far, and how the last one ended.
    var restarts: (count: Int, lastReason: String?) { slots.withLock { ($0.restarts, $0.lastRestartReason) } }

    /// Why the last worker could not be started, in words; nil if none failed.
    var lastStartFailure: String? { slots.withLock { $0.lastStartFailure } }

    /// A worker that can take a request now: the running one, else the standby, else one started now.
    /// Each is checked first; one found ended or stopped is retired, so no request waits on it.
    func usable() -> SynthesisWorkerProcess? {
        // Two slots, and perhaps a standby that finished starting meanwhile: three looks are enough.
        for _ in 0..<3 {
            let candidate = slots.withLock { slots -> SynthesisWorkerProcess? in
                if slots.current == nil {
                    slots.current = slots.standby
                    slots.standby = nil
                }
                return slots.current
            }
            guard let candidate else { break }
            switch candidate.condition {
            case .running:
                prepareStandby()
                return candidate
            case .stopped:
                retire(candidate, because: "it was found stopped, so it was replaced")
            case .ended:
                retire(candidate, because: candidate.stop(grace: .milliseconds(20)).description)
            }
        }
        if slots.withLock({ $0.stopped }) { return nil }
        do throws(SpeechError) {
            let fresh = try start()
            let surplus = slots.withLock { slots -> SynthesisWorkerProcess? in
                defer { slots.current = fresh }
                guard let other = slots.current else { return nil }
                // Without standbys, a worker that came meanwhile is surplus: idle memory stays one worker's.
                if keepsStandby, slots.standby == nil {
                    slots.standby = other
                    return nil
                }
                return other
            }
            surplus?.terminate()
            prepareStandby()
            return fresh
        } catch {
            slots.withLock { $0.lastStartFailure = error.description }
            return nil
        }
    }

    /// Takes `worker` out of its slot, counting a restart for `reason` (how it ended), and kills it if it still runs;
    /// the standby takes its place at once and a new standby starts. False if it was already retired.
    @discardableResult
    func retire(_ worker: SynthesisWorkerProcess, because reason: String) -> Bool {
        let held = slots.withLock { slots -> Bool in
            if slots.current === worker {
                slots.current = slots.standby
                slots.standby = nil
            } else if slots.standby === worker {
                slots.standby = nil
            } else {
                return false
            }
            slots.restarts += 1
            slots.lastRestartReason = reason
            return true
        }
        worker.terminate()
        guard held else { return false }
        prepareStandby()
        return true
    }

    /// Starts a worker in the background unless one is ready or starting: a standby when standbys are kept,
    /// else only a replacement when no worker runs.
    func prepareStandby() {
        let needed = slots.withLock { slots -> Bool in
            guard !slots.stopped else { return false }
            guard keepsStandby || slots.current == nil else { return false }
            guard slots.standby == nil, !slots.startingStandby else { return false }
            slots.startingStandby = true
            return true
        }
        guard needed else { return }
        starter.async { [self] in
            let started = Result { () throws(SpeechError) in try start() }
            let (becameCurrent, surplus) = slots.withLock { slots -> (Bool, SynthesisWorkerProcess?) in
                slots.startingStandby = false
                switch started {
                case let .success(worker):
                    if slots.stopped { return (false, worker) }
                    if slots.current == nil {
                        slots.current = worker
                        return (true, nil)
                    }
                    if keepsStandby, slots.standby == nil {
                        slots.standby = worker
                        return (false, nil)
                    }
                    return (false, worker)
                case let .failure(error):
                    slots.lastStartFailure = error.description
                    return (false, nil)
                }
            }
            surplus?.terminate()
            // It took the place of a worker that died with no standby behind it: start the next standby.
            if becameCurrent { prepareStandby() }
        }
    }

    /// Ends the running worker and the standby, each given `grace` to exit on SIGTERM before it is
    /// killed, and starts none after them: for a server that is stopping. Blocks until both have ended.
    func stopAll(grace: Duration = .seconds(1)) {
        let workers = slots.withLock { slots -> [SynthesisWorkerProcess] in
            slots.stopped = true
            defer { (slots.current, slots.standby) = (nil, nil) }
            return [slots.current, slots.standby].compactMap { $0 }
        }
        for worker in workers { worker.end(grace: grace) }
    }

    /// Starts a worker whose end, whenever it comes, retires it at once.
    private func start() throws(SpeechError) -> SynthesisWorkerProcess {
        try SynthesisWorkerProcess.start(executable: executable, timeout: .seconds(10)) { [weak self] worker in
            self?.retire(worker, because: worker.stop().description)
        }
    }
}
