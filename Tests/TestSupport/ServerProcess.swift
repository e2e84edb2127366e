public import AnnouncerProtocol
import Blocking
import Foundation
import Spawning
import Synchronization

/// A real `announcerd`, built beside the test bundle, on a socket of its own.
///
/// Started with `ChildProcess`, as announce starts every program, and reaped by a thread of its own.
/// An async test starts it with `start` and ends it with `await stop()`: those suspend the test
/// instead of blocking its thread. The blocking `init` and `stop()` hold one of the cooperative
/// pool's few threads (as many as the cores) for the whole wait, so every other test waits too.
public final class ServerProcess: Sendable {
    public static let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    public static var announcerd: URL { directory.appendingPathComponent("announcerd") }
    public static var announce: URL { directory.appendingPathComponent("announce") }

    public let socketPath: String
    /// The running server (or prlimit, which becomes it and keeps its process id).
    public let process: RunningChild
    private let log = LogText()
    private let output = LogText()
    private let ending = Atomic(false)

    /// A fresh private directory with a short path, as Unix socket paths are limited to 107 bytes.
    public static func makeDirectory() -> String {
        let path = "/tmp/anr-\(UUID().uuidString.prefix(8))"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Starts the server and, unless told not to, waits for its readiness line without holding a thread.
    /// With `useStandardPath`, no --socket is given and the server finds its own path from the environment.
    public static func start(
        socketPath: String? = nil, arguments: [String] = [], environment: [String: String] = [:],
        waitUntilListening: Bool = true, useStandardPath: Bool = false, descriptorLimit: (soft: Int, hard: Int)? = nil
    ) async throws -> ServerProcess {
        let server = try ServerProcess(
            socketPath: socketPath, arguments: arguments, environment: environment, waitUntilListening: false,
            useStandardPath: useStandardPath, descriptorLimit: descriptorLimit)
        if waitUntilListening {
            guard await waitFor({ server.readiness != nil || !server.process.isRunning }, seconds: 20), server.process.isRunning else {
                throw ServerFailedToStart(log: server.standardErrorText)
            }
        }
        return server
    }

    /// Starts the server and waits for its readiness line, blocking the thread; prefer `start`.
    /// With `useStandardPath`, no --socket is given and the server finds its own path from the environment.
    public init(
        socketPath: String? = nil, arguments: [String] = [], environment: [String: String] = [:],
        waitUntilListening: Bool = true, useStandardPath: Bool = false, descriptorLimit: (soft: Int, hard: Int)? = nil
    ) throws {
        self.socketPath = useStandardPath
            ? (environment["XDG_RUNTIME_DIR"] ?? "") + "/announcer/announcer.sock"
            : socketPath ?? Self.makeDirectory() + "/a.sock"
        var executable = Self.announcerd.path
        // The paced null sink: the PulseAudio null sink's monitor belongs to the ALSA capture tests,
        // which run alongside and judge what they hear by its loudness.
        var all = (useStandardPath ? [] : ["--socket", self.socketPath]) + ["--sink", "null"] + arguments
        if let descriptorLimit {
            // prlimit sets the open-file limit and then becomes announcerd, keeping its process id.
            all = ["--nofile=\(descriptorLimit.soft):\(descriptorLimit.hard)", "--", executable] + all
            executable = "/usr/bin/prlimit"
        }
        guard let errors = ChildProcess.pipe() else { throw ServerFailedToStart(log: String(cString: strerror(errno))) }
        guard let lines = ChildProcess.pipe() else {
            close(errors.reading); close(errors.writing)
            throw ServerFailedToStart(log: String(cString: strerror(errno)))
        }
        var child = ChildProcess(executable: executable, arguments: all, environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
        child.standardOutput = .descriptor(lines.writing)
        child.standardError = .descriptor(errors.writing)
        let started = Result { () throws(SpawnError) in try RunningChild(child) }
        close(lines.writing); close(errors.writing)
        switch started {
        case let .success(running): process = running
        case let .failure(error):
            close(lines.reading); close(errors.reading)
            throw ServerFailedToStart(log: error.reason)
        }
        log.read(from: errors.reading)
        output.read(from: lines.reading)
        if waitUntilListening {
            guard waitFor({ self.readiness != nil || !self.process.isRunning }, seconds: 20), process.isRunning else {
                throw ServerFailedToStart(log: standardErrorText)
            }
        }
    }

    /// The readiness line the server wrote to its standard output once it served, as data; nil until then.
    public var readiness: ServerReadiness? {
        output.text.split(separator: "\n").lazy.compactMap { ServerReadiness(line: $0) }.first
    }

    /// The server's log, each entry on one line again: a long entry is wrapped to 80 cells with a
    /// two-space indent, and tests look for its words, not its width.
    public var standardErrorText: String { log.text.replacingOccurrences(of: "\n  ", with: " ") }

    /// The log as the server wrote it, for tests of its line lengths.
    public var rawStandardErrorText: String { log.text }

    /// Sends a signal and waits for the exit and the end of its output, suspending the test; returns
    /// the exit status (or the number of the signal that ended it). SIGKILL after 20 seconds.
    @discardableResult
    public func stop(signal: Int32 = SIGTERM) async -> Int32 {
        process.signal(signal)
        if !(await process.exit(within: 20)) { process.signal(SIGKILL) }
        await process.exit()
        _ = await waitFor({ log.hasEnded && output.hasEnded }, seconds: 1)
        return process.terminationStatus
    }

    /// As the async `stop`, but blocking the thread; for the tests not yet async.
    @discardableResult
    public func stop(signal: Int32 = SIGTERM) -> Int32 {
        process.signal(signal)
        if !process.waitUntilExit(seconds: 20) { process.signal(SIGKILL) }
        process.waitUntilExit()
        _ = waitFor({ log.hasEnded && output.hasEnded }, seconds: 1)
        return process.terminationStatus
    }

    /// Sends SIGTERM and returns at once, for a `defer`, which cannot await: the server's reaper
    /// thread sees it end, and SIGKILL follows in 20 seconds if it has not.
    public func end() {
        ending.store(true, ordering: .relaxed)
        process.signal(SIGTERM)
        let process = process
        DispatchQueue.global().asyncAfter(deadline: .now() + 20) { process.signal(SIGKILL) }
    }

    deinit {
        // A server asked to end is given its time; one forgotten is killed.
        if !ending.load(ordering: .relaxed) { process.signal(SIGKILL) }
    }
}

public struct ServerFailedToStart: Error, Sendable, CustomStringConvertible {
    public let log: String
    public var description: String { "announcerd did not start: \(log)" }
}

/// Polls `condition` until it holds or `seconds` pass, blocking the thread between checks; an async
/// test awaits the async `waitFor` instead, which sleeps the task and leaves the thread to others.
public func waitFor(_ condition: () -> Bool, seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        // Not a wait: the pace of the looks at a condition that sends no word when it holds.
        Thread.sleep(forTimeInterval: 0.01)
    }
    return condition()
}

/// Runs a program to its end with a time limit, for spd-say, python3 and announce.
///
/// Spawned and reaped here rather than with Foundation's `Process`, which notices a program's end
/// only when a socket it gives the program closes: any process started meanwhile inherits that
/// socket, so one program that hangs (a server that missed its SIGTERM) hides the end of every
/// program started before it, and their tests wait forever. Here the program gets only its three
/// pipes, in a process group of its own, with no signal blocked or ignored; its output is read on two
/// threads at once, so a program that fills one pipe while the other is read cannot block. When it
/// ends, whatever it left running in its group (`dbus-run-session` leaves the accessibility bus's
/// daemons, which hold the pipes open) is ended too.
public struct ProgramRun: Sendable {
    public let status: Int32
    public let standardOutput: String
    public let standardError: String
    /// True when the program outlived its time limit and was ended.
    public let timedOut: Bool
    /// How long the program ran, from its start to its end, timed beside it rather than around an
    /// await, whose resumption a busy run can delay.
    public let seconds: Double

    /// Runs the program as `init` does, on a thread of its own, suspending the test instead of blocking its thread.
    public static func run(
        _ executable: String, _ arguments: [String], input: String = "", environment: [String: String] = [:], timeout: Double = 30
    ) async throws -> ProgramRun {
        try await offThread("program run") { try ProgramRun(executable, arguments, input: input, environment: environment, timeout: timeout) }
    }

    /// Runs the program to its end, blocking the thread; an async test calls `run` instead.
    public init(_ executable: String, _ arguments: [String], input: String = "", environment: [String: String] = [:], timeout: Double = 30) throws {
        var pipes: [(reading: Int32, writing: Int32)] = []
        for _ in 0..<3 {
            guard let pipe = ChildProcess.pipe() else {
                let code = errno
                for made in pipes { close(made.reading); close(made.writing) }
                throw ProgramRunFailure(executable: executable, reason: String(cString: strerror(code)))
            }
            pipes.append(pipe)
        }
        let (stdin, stdout, stderr) = (pipes[0], pipes[1], pipes[2])
        var child = ChildProcess(
            executable: executable, arguments: arguments, environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
        child.standardInput = .descriptor(stdin.reading)
        child.standardOutput = .descriptor(stdout.writing)
        child.standardError = .descriptor(stderr.writing)
        child.group = .new
        let began = ContinuousClock.now
        let spawned = Result { () throws(SpawnError) in try child.spawn() }
        close(stdin.reading); close(stdout.writing); close(stderr.writing)
        let pid: pid_t
        switch spawned {
        case let .success(started): pid = started
        case let .failure(error):
            close(stdin.writing); close(stdout.reading); close(stderr.reading)
            throw ProgramRunFailure(executable: executable, reason: error.reason)
        }

        let output = PipeReader(FileHandle(fileDescriptor: stdout.reading, closeOnDealloc: true))
        let errors = PipeReader(FileHandle(fileDescriptor: stderr.reading, closeOnDealloc: true))
        let expired = Atomic(false)
        let exited = Atomic(false)
        let group = pid
        let watchdog = DispatchWorkItem {
            guard !exited.load(ordering: .acquiring) else { return }
            expired.store(true, ordering: .relaxed)
            kill(group, SIGTERM)
            DispatchQueue.global().asyncAfter(deadline: .now() + 3) { if !exited.load(ordering: .acquiring) { kill(group, SIGKILL) } }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        let writer = FileHandle(fileDescriptor: stdin.writing, closeOnDealloc: false)
        try? writer.write(contentsOf: Data(input.utf8))
        close(stdin.writing)
        var waitStatus: Int32 = 0
        _ = SystemCall.retrying { waitpid(pid, &waitStatus, 0) }
        let ran = ContinuousClock.now - began
        seconds = Double(ran.components.seconds) + Double(ran.components.attoseconds) / 1e18
        exited.store(true, ordering: .releasing)
        watchdog.cancel()
        // Whatever the program left running in its group goes with it.
        kill(-group, SIGTERM)
        if !(output.waitForEnd(seconds: 3) && errors.waitForEnd(seconds: 1)) { kill(-group, SIGKILL) }
        let signalled = waitStatus & 0x7F != 0
        status = signalled ? -1 : (waitStatus >> 8) & 0xFF
        standardOutput = String(decoding: output.waitForData(seconds: 5), as: UTF8.self)
        standardError = String(decoding: errors.waitForData(seconds: 5), as: UTF8.self)
        timedOut = expired.load(ordering: .relaxed)
    }
}

/// A program that could not be started at all.
public struct ProgramRunFailure: Error, CustomStringConvertible {
    public let executable: String
    /// Why, in the C library's words.
    public let reason: String
    public var description: String { "\(executable) could not be started: \(reason)." }
}

/// Reads a pipe to its end on a thread of its own.
final class PipeReader: Sendable {
    private let data = Mutex(Data())
    private let ended = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        DedicatedThread.start(name: "test pipe reader") { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                data.withLock { $0.append(chunk) }
            }
            ended.signal()
        }
    }

    /// Waits up to `seconds` for the end of file; true when it came.
    func waitForEnd(seconds: Double) -> Bool {
        guard ended.wait(timeout: .now() + seconds) == .success else { return false }
        ended.signal()
        return true
    }

    /// What was read, once the end came or `seconds` passed.
    func waitForData(seconds: Double) -> Data {
        _ = waitForEnd(seconds: seconds)
        return data.withLock { $0 }
    }
}

/// Text gathered from another thread.
public final class LogText: Sendable {
    private let value = Mutex("")
    private let ended = Atomic(false)
    public init() {}
    public func append(_ text: String) { value.withLock { $0 += text } }
    public var text: String { value.withLock { $0 } }
    /// True once the pipe given to `read(from:)` has ended.
    public var hasEnded: Bool { ended.load(ordering: .acquiring) }

    /// Reads `descriptor` to its end on a thread of its own, appending what comes, then closes it.
    func read(from descriptor: Int32) {
        DedicatedThread.start(name: "test log reader") { [self] in
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while let count = buffer.withUnsafeMutableBytes({ SystemCall.read(descriptor, into: $0) }), count > 0 {
                append(String(decoding: buffer[..<count], as: UTF8.self))
            }
            close(descriptor)
            ended.store(true, ordering: .releasing)
        }
    }
}
