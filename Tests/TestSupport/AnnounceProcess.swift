public import AnnouncerProtocol
import Foundation

/// Runs the real `announce` executable that `swift build` put beside the test bundle.
public struct AnnounceProcess {
    public static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("announce")
    }

    /// The environment of the test run, with no running server to be found: these tests are of the
    /// embedded engine. The standard socket's folder does not exist, and no socket is named, since a
    /// named socket that does not answer is an error, not a reason to speak embedded.
    public static var hermeticEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["ANNOUNCER_SOCKET"] = nil
        environment["XDG_RUNTIME_DIR"] = "/nonexistent/runtime"
        return environment
    }

    /// Runs `announce` with these arguments and standard input, and waits for it (at most ten minutes)
    /// on a thread of its own, suspending the test instead of blocking its thread.
    public static func run(_ arguments: [String], input: String = "", environment: [String: String] = [:]) async throws -> ProgramRun {
        try await ProgramRun.run(executable.path, arguments, input: input, environment: hermeticEnvironment.merging(environment) { $1 }, timeout: 600)
    }

    /// As the async `run`, but blocking the thread for the whole run; for the tests not yet async.
    public static func run(_ arguments: [String], input: String = "", environment: [String: String] = [:]) throws -> ProgramRun {
        try ProgramRun(executable.path, arguments, input: input, environment: hermeticEnvironment.merging(environment) { $1 }, timeout: 600)
    }
}

/// A running `announce pipe`, fed line by line while its timeline is read.
public final class PipeSession {
    public let process = Process()
    private let input = Pipe(), output = Pipe()
    public private(set) var timeline = ""
    private let watchdog: DispatchWorkItem

    public init(_ arguments: [String]) throws {
        process.executableURL = AnnounceProcess.executable
        process.arguments = ["pipe"] + arguments
        process.environment = AnnounceProcess.hermeticEnvironment
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // A hung announce must fail its test, not hang the whole run.
        let process = self.process
        watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
    }

    public func send(_ lines: String) { input.fileHandleForWriting.write(Data(lines.utf8)) }

    /// Reads the timeline until it contains `text` or the output ends, on a thread of its own while
    /// the test is suspended.
    public func read(until text: String) async {
        nonisolated(unsafe) let session = self
        await offThread("pipe read") { session.read(until: text) }
    }

    /// Reads the timeline until it contains `text` or the output ends, blocking the thread.
    public func read(until text: String) {
        while !timeline.contains(text) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { return }
            timeline += String(decoding: chunk, as: UTF8.self)
        }
    }

    /// Reads the rest of the timeline and waits for the process to exit, on a thread of its own while
    /// the test is suspended; returns its status.
    public func finish(closingInput: Bool) async throws -> Int32 {
        nonisolated(unsafe) let session = self
        return try await offThread("pipe finish") { try session.finish(closingInput: closingInput) }
    }

    /// Reads the rest of the timeline and waits for the process to exit, blocking the thread; returns its status.
    public func finish(closingInput: Bool) throws -> Int32 {
        if closingInput { try input.fileHandleForWriting.close() }
        timeline += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        watchdog.cancel()
        return process.terminationStatus
    }
}

extension EventLine {
    /// Every line of a JSON-lines timeline, read with the wire type the server writes them with.
    public static func parse(_ jsonLines: String) throws -> [EventLine] {
        try jsonLines.split(separator: "\n").map { try JSONDecoder().decode(EventLine.self, from: Data($0.utf8)) }
    }
}
