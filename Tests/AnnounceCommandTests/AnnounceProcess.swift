import Foundation

/// Runs the real `announce` executable that `swift build` put beside the test bundle.
struct AnnounceProcess {
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("announce")
    }

    /// The environment of the test run, with no running server to be found: these tests are of the embedded engine.
    static var hermeticEnvironment: [String: String] {
        ProcessInfo.processInfo.environment.merging(["ANNOUNCER_SOCKET": "/nonexistent/announcer.sock"]) { $1 }
    }

    struct Result {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    /// Runs `announce` with these arguments and standard input, and waits for it.
    static func run(_ arguments: [String], input: String = "", environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = hermeticEnvironment.merging(environment) { $1 }
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: output, as: UTF8.self),
            standardError: String(decoding: errors, as: UTF8.self)
        )
    }
}

/// A running `announce pipe`, fed line by line while its timeline is read.
final class PipeSession {
    let process = Process()
    private let input = Pipe(), output = Pipe()
    private(set) var timeline = ""
    private let watchdog: DispatchWorkItem

    init(_ arguments: [String]) throws {
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

    func send(_ lines: String) { input.fileHandleForWriting.write(Data(lines.utf8)) }

    /// Reads the timeline until it contains `text` or the output ends.
    func read(until text: String) {
        while !timeline.contains(text) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { return }
            timeline += String(decoding: chunk, as: UTF8.self)
        }
    }

    /// Reads the rest of the timeline and waits for the process to exit; returns its status.
    func finish(closingInput: Bool) throws -> Int32 {
        if closingInput { try input.fileHandleForWriting.close() }
        timeline += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        watchdog.cancel()
        return process.terminationStatus
    }
}

/// One timeline line, parsed.
struct EventLine {
    let fields: [String: Any]
    var id: String { fields["id"] as? String ?? "" }
    var event: String { fields["event"] as? String ?? "" }
    var outcome: String? { fields["outcome"] as? String }
    var by: String? { fields["by"] as? String }
    var latency: Double? { fields["latency_ms"] as? Double }
    var time: Double { fields["t_ms"] as? Double ?? -1 }

    static func parse(_ jsonLines: String) throws -> [EventLine] {
        try jsonLines.split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            return EventLine(fields: object as? [String: Any] ?? [:])
        }
    }
}
