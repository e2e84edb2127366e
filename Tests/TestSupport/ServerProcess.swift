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
public struct ProgramRun: Sendable {
    public let status: Int32
    public let standardOutput: String
    public let standardError: String

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
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        status = process.terminationReason == .uncaughtSignal ? -1 : process.terminationStatus
        standardOutput = String(decoding: output, as: UTF8.self)
        standardError = String(decoding: errors, as: UTF8.self)
    }
}

/// Text gathered from another thread.
public final class LogText: Sendable {
    private let value = Mutex("")
    public init() {}
    public func append(_ text: String) { value.withLock { $0 += text } }
    public var text: String { value.withLock { $0 } }
}
