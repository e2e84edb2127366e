import Blocking
import Dispatch
import Glibc
import Synchronization

/// One `announcer-synth` process, started and ready: its pipes, a thread that watches for its end, and how it ended.
final class SynthesisWorkerProcess: Sendable {
    let pid: pid_t
    let channel: FrameChannel
    let sampleRate: Int
    /// The voices its eSpeak NG has, as it said when ready.
    let catalog: ESpeakCatalog
    /// The read end of the pipe on which the worker notes a fault of its own (`SynthesisWorkerMain`).
    private let faultNotes: Int32
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
        // One start at a time in this process, from the pipes to the spawn: the ends are marked close-on-exec
        // only after pipe() made them, and a worker started meanwhile must not inherit them. A worker's stdout
        // held open by its standby would hide its death.
        let (pid, spawned, pipes) = spawning.withLock { _ in spawn(executable) }
        guard let pipes else { throw .workerUnavailable("no pipe could be made") }
        guard spawned == 0 else {
            for end in [pipes.toWorker, pipes.fromWorker, pipes.notes] { close(end) }
            throw .workerUnavailable("\(executable) could not be started (\(String(cString: strerror(spawned))))")
        }
        let channel = FrameChannel(input: pipes.fromWorker, output: pipes.toWorker)
        let rate: Int
        let catalog: ESpeakCatalog
        switch channel.read(timeout: timeout) {
        case let .success(.ready(sampleRate, voices)): (rate, catalog) = (sampleRate, voices)
        default: (rate, catalog) = (0, ESpeakCatalog(voices: []))
        }
        let worker = SynthesisWorkerProcess(pid: pid, channel: channel, faultNotes: pipes.notes, sampleRate: rate, catalog: catalog)
        guard rate > 0 else {
            worker.watch { _ in }
            throw .workerUnavailable("\(executable) did not start eSpeak NG (\(worker.stop(grace: .milliseconds(20)).description))")
        }
        worker.watch(whenEnded: whenEnded)
        return worker
    }

    private static let spawning = Mutex(())

    /// The parent's ends of a worker's three pipes.
    private struct Pipes {
        let toWorker: Int32
        let fromWorker: Int32
        let notes: Int32
    }

    /// Makes the pipes and spawns the worker on them; the posix_spawn result, and nil pipes if none could be made.
    private static func spawn(_ executable: String) -> (pid_t, Int32, Pipes?) {
        var toWorker: [Int32] = [-1, -1]
        var fromWorker: [Int32] = [-1, -1]
        var notes: [Int32] = [-1, -1]
        guard makePipe(&toWorker), makePipe(&fromWorker), makePipe(&notes) else {
            for end in toWorker + fromWorker + notes where end >= 0 { close(end) }
            return (0, 0, nil)
        }
        // Non-blocking: the worker's one-byte note never waits, and reading it after the end never hangs.
        for end in notes { _ = fcntl(end, F_SETFL, O_NONBLOCK) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toWorker[0], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, fromWorker[1], STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, notes[1], SynthesisWorkerMain.faultNoteDescriptor)
        // Nothing else of this process's crosses over: a descriptor another thread left inheritable (a
        // Foundation `Process` watches its child through one) would stay open in the worker for its whole life.
        _ = addCloseFrom?(&actions, SynthesisWorkerMain.faultNoteDescriptor + 1)
        // The worker starts with no signal blocked and SIGPIPE at its default, whatever this thread has,
        // so it dies (and is restarted) rather than lingering if the server goes.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var pid: pid_t = 0
        let arguments = [executable, SynthesisWorkerMain.faultNoteArgument]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var environment: [UnsafeMutablePointer<CChar>?] = workerEnvironment().map { strdup($0) } + [nil]
        defer { for pointer in environment { free(pointer) } }
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, &argv, &environment)
        close(toWorker[0])
        close(fromWorker[1])
        close(notes[1])
        return (pid, spawned, Pipes(toWorker: toWorker[1], fromWorker: fromWorker[0], notes: notes[0]))
    }

    private init(pid: pid_t, channel: FrameChannel, faultNotes: Int32, sampleRate: Int, catalog: ESpeakCatalog) {
        self.pid = pid
        self.channel = channel
        self.faultNotes = faultNotes
        self.sampleRate = sampleRate
        self.catalog = catalog
    }

    /// Waits for the end on a thread of its own, so the end is known when it happens, not at the next request.
    private func watch(whenEnded: @escaping @Sendable (SynthesisWorkerProcess) -> Void) {
        ended.enter()
        DedicatedThread.start(name: "announcer.synthesis-watcher") { [self] in
            // WNOWAIT leaves the process a zombie, so its pid stays ours until it is reaped under the lock below.
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0, errno == EINTR {}
            exitRecord.withLock { record in
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0, errno == EINTR {}
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
func workerEnvironment(_ environment: [String: String] = ProcessEnvironment.current) -> [String] {
    environment.filter { $0.key != "SWIFT_BACKTRACE" }.map { "\($0.key)=\($0.value)" } + ["SWIFT_BACKTRACE=enable=no"]
}

/// A pipe whose ends close on exec, so no other child process inherits them.
private func makePipe(_ ends: inout [Int32]) -> Bool {
    guard pipe(&ends) == 0 else { return false }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return true
}

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later): the spawned process closes every
/// descriptor from the one given up. Its header declares it only under `_GNU_SOURCE`, which Swift's Glibc
/// module does not define, so it is looked up by name; nil on a C library without it.
private let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
    // RTLD_DEFAULT, a null handle: the symbol as the program's own libraries define it.
    guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
}()
