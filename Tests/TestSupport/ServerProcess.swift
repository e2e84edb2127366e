import Foundation
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

    /// A fresh private directory with a short path, as Unix socket paths are limited to 107 bytes.
    public static func makeDirectory() -> String {
        let path = "/tmp/anr-\(UUID().uuidString.prefix(8))"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Starts the server and waits until it says it is listening.
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
        process.standardOutput = FileHandle.nullDevice
        let log = self.log
        standardError.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            if !chunk.isEmpty { log.append(String(decoding: chunk, as: UTF8.self)) }
        }
        try process.run()
        if waitUntilListening {
            guard waitFor({ self.log.text.contains("listening on") || !self.process.isRunning }, seconds: 20),
                  process.isRunning else {
                throw ServerFailedToStart(log: standardErrorText)
            }
        }
    }

    public var standardErrorText: String { log.text }

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
/// Its output is read on two threads at once, so a program that fills one pipe while the other is read
/// cannot block. Foundation starts the program in a process group of its own; when the program ends,
/// whatever it left running in that group (`dbus-run-session` leaves the accessibility bus's daemons,
/// which hold the pipes open) is ended too, so the run cannot wait for an end of file that never comes.
public struct ProgramRun: Sendable {
    public let status: Int32
    public let standardOutput: String
    public let standardError: String
    /// True when the program outlived its time limit and was ended.
    public let timedOut: Bool

    public init(_ executable: String, _ arguments: [String], input: String = "", environment: [String: String] = [:], timeout: Double = 30) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let pid = process.processIdentifier
        // Only a group of the program's own is ended as a whole, never the test's.
        let group = getpgid(pid) == pid ? pid : nil
        let output = PipeReader(stdout.fileHandleForReading)
        let errors = PipeReader(stderr.fileHandleForReading)
        let expired = Atomic(false)
        let watchdog = DispatchWorkItem {
            guard process.isRunning else { return }
            expired.store(true, ordering: .relaxed)
            process.terminate()
            DispatchQueue.global().asyncAfter(deadline: .now() + 3) { if process.isRunning { kill(pid, SIGKILL) } }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        watchdog.cancel()
        if let group {
            kill(-group, SIGTERM)
            if !(output.waitForEnd(seconds: 3) && errors.waitForEnd(seconds: 1)) { kill(-group, SIGKILL) }
        }
        status = process.terminationReason == .uncaughtSignal ? -1 : process.terminationStatus
        standardOutput = String(decoding: output.waitForData(seconds: 5), as: UTF8.self)
        standardError = String(decoding: errors.waitForData(seconds: 5), as: UTF8.self)
        timedOut = expired.load(ordering: .relaxed)
    }
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
