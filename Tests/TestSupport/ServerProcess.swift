public import AnnouncerProtocol
import Foundation
import Spawning
import Synchronization

/// A real `announcerd`, built beside the test bundle, on a socket of its own.
public final class ServerProcess: Sendable {
    public static let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    public static var announcerd: URL { directory.appendingPathComponent("announcerd") }
    public static var announce: URL { directory.appendingPathComponent("announce") }

    public let socketPath: String
    public let process = Process()
    private let standardError = Pipe()
    private let log = LogText()
    private let standardOutput = Pipe()
    private let output = LogText()

    /// A fresh private directory with a short path, as Unix socket paths are limited to 107 bytes.
    public static func makeDirectory() -> String {
        let path = "/tmp/anr-\(UUID().uuidString.prefix(8))"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Starts the server and waits for its readiness line.
    /// With `useStandardPath`, no --socket is given and the server finds its own path from the environment.
    public init(
        socketPath: String? = nil, arguments: [String] = [], environment: [String: String] = [:],
        waitUntilListening: Bool = true, useStandardPath: Bool = false, descriptorLimit: (soft: Int, hard: Int)? = nil
    ) throws {
        self.socketPath = useStandardPath
            ? (environment["XDG_RUNTIME_DIR"] ?? "") + "/announcer/announcer.sock"
            : socketPath ?? Self.makeDirectory() + "/a.sock"
        process.executableURL = Self.announcerd
        // The paced null sink: the PulseAudio null sink's monitor belongs to the ALSA capture tests,
        // which run alongside and judge what they hear by its loudness.
        process.arguments = (useStandardPath ? [] : ["--socket", self.socketPath]) + ["--sink", "null"] + arguments
        if let descriptorLimit {
            // prlimit sets the open-file limit and then becomes announcerd, keeping its process id.
            process.arguments = ["--nofile=\(descriptorLimit.soft):\(descriptorLimit.hard)", "--", Self.announcerd.path] + (process.arguments ?? [])
            process.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
        }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardError = standardError
        process.standardOutput = standardOutput
        for (pipe, text) in [(standardError, log), (standardOutput, output)] {
            pipe.fileHandleForReading.readabilityHandler = { handle in
                let chunk = handle.availableData
                if !chunk.isEmpty { text.append(String(decoding: chunk, as: UTF8.self)) }
            }
        }
        try process.run()
        if waitUntilListening {
            guard waitFor({ self.readiness != nil || !self.process.isRunning }, seconds: 20),
                  process.isRunning else {
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

    /// Sends a signal and waits for the exit; returns the exit status.
    @discardableResult
    public func stop(signal: Int32 = SIGTERM) -> Int32 {
        if process.isRunning { kill(process.processIdentifier, signal) }
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        Thread.sleep(forTimeInterval: 0.05)
        standardError.fileHandleForReading.readabilityHandler = nil
        standardOutput.fileHandleForReading.readabilityHandler = nil
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}

public struct ServerFailedToStart: Error, Sendable, CustomStringConvertible {
    public let log: String
    public var description: String { "announcerd did not start: \(log)" }
}

/// Polls `condition` until it holds or `seconds` pass.
public func waitFor(_ condition: () -> Bool, seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
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
        Thread.detachNewThread { [self] in
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
    public init() {}
    public func append(_ text: String) { value.withLock { $0 += text } }
    public var text: String { value.withLock { $0 } }
}
