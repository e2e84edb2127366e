import Blocking
import Dispatch
import Glibc
import Spawning
import Synchronization

/// One `announcer-synth` process, started and ready: its pipes, what waits on its frames, a thread that
/// watches for its end, and how it ended.
final class SynthesisWorkerProcess: Sendable {
    let pid: pid_t
    let channel: FrameChannel
    let sampleRate: Int
    /// The voices its eSpeak NG has, as it said when ready.
    let catalog: ESpeakCatalog
    /// The read end of the pipe on which the worker notes a fault of its own (`SynthesisWorkerMain`).
    private let faultNotes: Int32
    /// The worker's frames as the supervisor waits for them, and its nudges.
    private let inbox: WorkerInbox
    /// Set, with the process reaped, the moment it ends. `terminate` kills only while this is nil, under
    /// the same lock, so a kill can never reach another process that reused the pid.
    private let exitRecord = Mutex<WorkerExit?>(nil)
    private let ended = DispatchGroup()

    /// Whether the worker can take a request now.
    enum Condition: Equatable {
        case running
        /// Stopped by a signal (SIGSTOP, SIGTSTP) or a debugger: it answers nothing until continued.
        case stopped
        /// Exited or killed, reaped or not yet.
        case ended
    }

    /// Starts the worker and waits, at most `timeout`, for it to say eSpeak is ready.
    /// `whenEnded` is called once, on the worker's watcher thread, as soon as the process has ended.
    static func start(
        executable: String, timeout: Duration, whenEnded: @escaping @Sendable (SynthesisWorkerProcess) -> Void
    ) throws(SpeechError) -> SynthesisWorkerProcess {
        // Every end closes on exec from the start, and the child closes every descriptor it is not
        // given (`ChildProcess`): a worker's stdout held open by its standby would hide its death.
        guard let toWorker = ChildProcess.pipe() else { throw .workerUnavailable("no pipe could be made") }
        guard let fromWorker = ChildProcess.pipe() else {
            for end in [toWorker.reading, toWorker.writing] { close(end) }
            throw .workerUnavailable("no pipe could be made")
        }
        guard let notes = ChildProcess.pipe() else {
            for end in [toWorker.reading, toWorker.writing, fromWorker.reading, fromWorker.writing] { close(end) }
            throw .workerUnavailable("no pipe could be made")
        }
        // Non-blocking: the worker's one-byte note never waits, and reading it after the end never hangs.
        for end in [notes.reading, notes.writing] { _ = fcntl(end, F_SETFL, O_NONBLOCK) }
        var child = ChildProcess(executable: executable, arguments: [SynthesisWorkerMain.faultNoteArgument], environment: workerEnvironment())
        child.standardInput = .descriptor(toWorker.reading)
        child.standardOutput = .descriptor(fromWorker.writing)
        // eSpeak's own complaints go where the server's log goes.
        child.standardError = .descriptor(STDERR_FILENO)
        child.passing = [SynthesisWorkerMain.faultNoteDescriptor: notes.writing]
        let pid: pid_t
        do throws(SpawnError) {
            pid = try child.spawn()
        } catch {
            for end in [toWorker, fromWorker, notes].flatMap({ [$0.reading, $0.writing] }) { close(end) }
            throw .workerUnavailable("\(executable) could not be started (\(error.reason))")
        }
        // The worker's ends are the worker's alone now.
        for end in [toWorker.reading, fromWorker.writing, notes.writing] { close(end) }
        let channel = FrameChannel(input: fromWorker.reading, output: toWorker.writing)
        let inbox = WorkerInbox(reading: channel)
        let rate: Int
        let catalog: ESpeakCatalog
        switch inbox.next(within: timeout) {
        case let .frame(.ready(sampleRate, voices)): (rate, catalog) = (sampleRate, voices)
        default: (rate, catalog) = (0, ESpeakCatalog(voices: []))
        }
        let worker = SynthesisWorkerProcess(
            pid: pid, channel: channel, inbox: inbox, faultNotes: notes.reading, sampleRate: rate, catalog: catalog)
        guard rate > 0 else {
            worker.watch { _ in }
            throw .workerUnavailable("\(executable) did not start eSpeak NG (\(worker.stop(grace: .milliseconds(20)).description))")
        }
        worker.watch(whenEnded: whenEnded)
        return worker
    }

    private init(pid: pid_t, channel: FrameChannel, inbox: WorkerInbox, faultNotes: Int32, sampleRate: Int, catalog: ESpeakCatalog) {
        self.pid = pid
        self.channel = channel
        self.inbox = inbox
        self.faultNotes = faultNotes
        self.sampleRate = sampleRate
        self.catalog = catalog
    }

    /// The next frame, failure or nudge, waiting at most `timeout` for it.
    func next(within timeout: Duration) -> WorkerInbox.Arrival {
        inbox.next(within: timeout)
    }

    /// Wakes the supervisor if it waits on this worker, so it looks again at once; a nudge that finds
    /// nobody waiting is taken, and passed over, by the next wait.
    func nudge() {
        inbox.nudge()
    }

    /// Waits for the end on a thread of its own, so the end is known when it happens, not at the next request.
    private func watch(whenEnded: @escaping @Sendable (SynthesisWorkerProcess) -> Void) {
        ended.enter()
        DedicatedThread.start(name: "announcer.synthesis-watcher") { [self] in
            // WNOWAIT leaves the process a zombie, so its pid stays ours until it is reaped under the lock below.
            var info = siginfo_t()
            _ = SystemCall.retrying { waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) }
            exitRecord.withLock { record in
                var status: Int32 = 0
                _ = SystemCall.retrying { waitpid(pid, &status, 0) }
                var note: UInt8 = 0
                record = WorkerExit(status: status, notedOwnFault: read(faultNotes, &note, 1) == 1)
            }
            ended.leave()
            whenEnded(self)
        }
    }

    /// Running, stopped or ended now, from the watcher and `/proc/PID/stat`; costs one small read.
    var condition: Condition {
        exitRecord.withLock { record in
            guard record == nil else { return .ended }
            switch processState(pid) {
            case "T", "t": return .stopped
            case "Z", "X", nil: return .ended
            default: return .running
            }
        }
    }

    /// Kills the worker with SIGKILL if it has not ended; returns at once.
    func terminate() {
        exitRecord.withLock { if $0 == nil { kill(pid, SIGKILL) } }
    }

    /// Asks the worker to exit with SIGTERM, and kills it if it has not within `grace`; returns once it has ended.
    func end(grace: Duration) {
        exitRecord.withLock { if $0 == nil { kill(pid, SIGTERM) } }
        stop(grace: grace)
    }

    /// Ends the worker and says how it ended. A worker already dying is given `grace` to finish on its own,
    /// so its own signal is what is reported; then it is killed.
    @discardableResult
    func stop(grace: Duration = .zero) -> WorkerExit {
        let milliseconds = Int(grace.components.seconds * 1_000 + grace.components.attoseconds / 1_000_000_000_000_000)
        if ended.wait(timeout: .now() + .milliseconds(milliseconds)) == .timedOut {
            terminate()
            ended.wait()
        }
        return exitRecord.withLock { $0 } ?? WorkerExit(status: 0, notedOwnFault: false)
    }

    // The watcher holds the worker until the process has ended, so nothing reads these any more.
    deinit {
        close(channel.input)
        close(channel.output)
        close(faultNotes)
    }
}

/// How a worker process ended: its wait status, and whether it noted a fault of its own first.
struct WorkerExit: Sendable, Equatable, CustomStringConvertible {
    let status: Int32
    /// The worker's signal handler saw the kernel, or the worker itself, raise the fatal signal.
    let notedOwnFault: Bool

    /// The signal that ended it; nil when it exited.
    var signal: Int32? {
        let signal = status & 0x7F
        return signal == 0 ? nil : signal
    }

    /// True when the worker died of a fault of its own (a crash inside eSpeak), not from a signal sent
    /// from outside: only then is the text it was given to blame.
    var isOwnFault: Bool { notedOwnFault && signal != nil }

    /// "it was ended by signal 6 (SIGABRT)", "it was ended by signal 9 (SIGKILL)", "it exited with status 1".
    var description: String {
        guard let signal else { return "it exited with status \((status >> 8) & 0xFF)" }
        let names = [
            SIGSEGV: "SIGSEGV", SIGABRT: "SIGABRT", SIGFPE: "SIGFPE", SIGBUS: "SIGBUS", SIGILL: "SIGILL",
            SIGTRAP: "SIGTRAP", SIGKILL: "SIGKILL", SIGTERM: "SIGTERM",
        ]
        return "it was ended by signal \(signal)" + (names[signal].map { " (\($0))" } ?? "")
    }
}

/// The state letter of `/proc/PID/stat` ("R", "S", "D", "T", "t", "Z", …); nil when the process is gone.
private func processState(_ pid: pid_t) -> Character? {
    let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 512)
    let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    // "pid (name) S …": the name may hold spaces and parentheses, so the state follows the last ")".
    guard let close = bytes[..<count].lastIndex(of: UInt8(ascii: ")")), close + 2 < count else { return nil }
    return Character(Unicode.Scalar(bytes[close + 2]))
}

/// This process's environment for the worker, with Swift's crash backtracer turned off: when eSpeak aborts,
/// the backtracer would keep the dying worker alive for seconds while it symbolicates, so the crash would
/// be seen late, as a hang, and fill the server's log with a backtrace of eSpeak's internals.
func workerEnvironment(_ environment: [String: String] = ProcessEnvironment.current) -> [String: String] {
    environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
}
