import Foundation

/// One `announcer-synth` process, started and ready: its pipes, and how it ended once it did.
final class SynthesisWorkerProcess: @unchecked Sendable {
    let pid: pid_t
    let channel: FrameChannel
    let sampleRate: Int
    private var reaped = false
    private var status: Int32 = 0

    /// Starts the worker and waits, at most `timeout`, for it to say eSpeak is ready.
    static func start(executable: String, timeout: Duration) throws(SpeechError) -> SynthesisWorkerProcess {
        var toWorker: [Int32] = [-1, -1]
        var fromWorker: [Int32] = [-1, -1]
        guard makePipe(&toWorker) else { throw .workerUnavailable("no pipe could be made") }
        guard makePipe(&fromWorker) else {
            close(toWorker[0]); close(toWorker[1])
            throw .workerUnavailable("no pipe could be made")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toWorker[0], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, fromWorker[1], STDOUT_FILENO)
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
        let arguments = [executable]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var environment: [UnsafeMutablePointer<CChar>?] = workerEnvironment().map { strdup($0) } + [nil]
        defer { for pointer in environment { free(pointer) } }
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, &argv, &environment)
        close(toWorker[0])
        close(fromWorker[1])
        guard spawned == 0 else {
            close(toWorker[1]); close(fromWorker[0])
            throw .workerUnavailable("\(executable) could not be started (\(String(cString: strerror(spawned))))")
        }
        let channel = FrameChannel(input: fromWorker[0], output: toWorker[1])
        switch channel.read(timeout: timeout) {
        case let .success(.ready(rate)):
            return SynthesisWorkerProcess(pid: pid, channel: channel, sampleRate: rate)
        default:
            let worker = SynthesisWorkerProcess(pid: pid, channel: channel, sampleRate: 0)
            let ending = worker.stop()
            throw .workerUnavailable("\(executable) did not start eSpeak NG (\(ending))")
        }
    }

    private init(pid: pid_t, channel: FrameChannel, sampleRate: Int) {
        self.pid = pid
        self.channel = channel
        self.sampleRate = sampleRate
    }

    /// Kills the worker if it still runs, closes its pipes, and says how it ended, in words.
    @discardableResult
    func stop() -> String {
        if !reaped {
            // Wait briefly for a worker that is already dying, so its own signal is what is reported.
            for _ in 0..<20 {
                if waitpid(pid, &status, WNOHANG) == pid { reaped = true; break }
                usleep(1_000)
            }
            if !reaped {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0, errno == EINTR {}
                reaped = true
            }
            close(channel.input)
            close(channel.output)
        }
        return Self.describe(status)
    }

    /// "it crashed (signal 11, SIGSEGV)", "it was stopped (SIGKILL)", "it exited with status 1".
    static func describe(_ status: Int32) -> String {
        let signal = status & 0x7F
        if signal == 0 { return "it exited with status \((status >> 8) & 0xFF)" }
        let name = [SIGSEGV: "SIGSEGV", SIGABRT: "SIGABRT", SIGFPE: "SIGFPE", SIGBUS: "SIGBUS", SIGILL: "SIGILL", SIGKILL: "SIGKILL", SIGTERM: "SIGTERM"][signal]
        return "it was ended by signal \(signal)" + (name.map { " (\($0))" } ?? "")
    }

    deinit { stop() }
}

/// This process's environment for the worker, with Swift's crash backtracer turned off: when eSpeak aborts,
/// the backtracer would keep the dying worker alive for seconds while it symbolicates, so the crash would
/// be seen late, as a hang, and fill the server's log with a backtrace of eSpeak's internals.
func workerEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
    environment.filter { $0.key != "SWIFT_BACKTRACE" }.map { "\($0.key)=\($0.value)" } + ["SWIFT_BACKTRACE=enable=no"]
}

/// A pipe whose ends close on exec, so no other child process inherits them.
private func makePipe(_ ends: inout [Int32]) -> Bool {
    guard pipe(&ends) == 0 else { return false }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return true
}
