import AnnouncerProtocol
import Foundation
import Testing
import TestSupport

/// `announce pipe --tee`, as a build's output goes through it: the input always comes out whole and
/// at once, whatever happens to speech, and the build's own exit status stands.
@Suite(.serialized, .startsProcesses) struct PipeTeeTests {
    /// Runs a bash script with `$ANNOUNCE` naming the built announce, and no server to be found.
    private func bash(_ script: String, environment: [String: String] = [:]) async throws -> ProgramRun {
        try await ProgramRun.run("/bin/bash", ["-c", script], environment: AnnounceProcess.hermeticEnvironment.merging(
            ["ANNOUNCE": AnnounceProcess.executable.path]) { $1 }.merging(environment) { $1 }, timeout: 120)
    }

    /// The lines a person reads on standard error: wrapped lines (two spaces in front) belong to the one before.
    private func messages(_ standardError: String) -> [String] {
        standardError.split(separator: "\n").filter { !$0.hasPrefix("  ") }.map(String.init)
    }

    @Test("With no audio device, --tee passes every line through, warns once, and the producer is not killed by SIGPIPE")
    func missingDevicePassesEverythingThrough() async throws {
        // Not a wait: `sleep 0.02` paces the build's lines, as a compiler writes them.
        let run = try await bash("""
            for i in $(seq 1 10); do echo "Compiling file $i"; sleep 0.02; done | "$ANNOUNCE" pipe --tee --sink alsa:hw:97
            echo "statuses ${PIPESTATUS[*]}"
            """)
        let expected = (1...10).map { "Compiling file \($0)\n" }.joined() + "statuses 0 0\n"
        #expect(run.standardOutput == expected, "\(run.standardError)")
        let warnings = messages(run.standardError)
        #expect(warnings.count == 1 && warnings[0].hasPrefix("Warning: nothing will be spoken"), "\(run.standardError)")
        #expect(run.standardError.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    @Test("With pipefail, a failing build's status is the pipeline's, even when speech cannot start")
    func producersStatusIsPassedOn() async throws {
        let run = try await bash("""
            set -o pipefail
            (echo "error: it broke"; exit 3) | "$ANNOUNCE" pipe --tee --sink alsa:hw:97
            echo "status $?"
            """)
        #expect(run.standardOutput == "error: it broke\nstatus 3\n", "\(run.standardError)")
    }

    @Test("When the server goes away mid-pipe, every line still passes through, one warning says so, and the rest is spoken here")
    func serverGoingAwaySpeaksTheRestInProcess() async throws {
        let server = try await ServerProcess.start()
        let listener = try SocketClient(path: server.socketPath)
        _ = listener.request(.subscribe)
        let directory = ServerProcess.makeDirectory()
        let pipe = try TeeSession(socket: server.socketPath, arguments: ["--every-line", "--events", "\(directory)/events.jsonl"])
        let lines = (1...10).map { "Build step \($0)" }
        pipe.send(lines[0..<6].map { $0 + "\n" }.joined())
        await pipe.read(until: "Build step 6\n")
        // The server goes once it has the first six.
        _ = await listener.events(until: { $0.event == .received && $0.text == lines[5] })
        await server.stop(signal: SIGKILL)
        pipe.send(lines[6...].map { $0 + "\n" }.joined())
        #expect(try await pipe.finish() == 0)
        #expect(pipe.output == lines.map { $0 + "\n" }.joined())
        let warnings = messages(pipe.standardError)
        #expect(warnings.count == 1 && warnings[0].hasPrefix("Warning: the announcer server went away; announce speaks the rest itself."),
                "\(pipe.standardError)")
        let events = try EventLine.parse(String(contentsOfFile: "\(directory)/events.jsonl", encoding: .utf8))
        let spokenHere = events.filter { $0.event == .ended && $0.outcome == .spoken }.map(\.text)
        #expect(spokenHere.contains("Build step 10"), "\(events.map { "\($0.event) \($0.text)" })")
    }
}

/// A running `announce pipe --tee` through a server, fed while its standard output is read.
private final class TeeSession {
    let process = Process()
    private let input = Pipe(), outputPipe = Pipe(), errorPipe = Pipe()
    private(set) var output = ""
    private(set) var standardError = ""

    init(socket: String, arguments: [String] = []) throws {
        process.executableURL = ServerProcess.announce
        process.arguments = ["pipe", "--tee", "--rate", "450"] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["ANNOUNCER_SOCKET": socket, "ANNOUNCER_SINK": "null"]) { $1 }
        process.standardInput = input
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        try process.run()
        // A hung announce must fail its test, not hang the whole run.
        let process = process
        DispatchQueue.global().asyncAfter(deadline: .now() + 60) { if process.isRunning { process.terminate() } }
    }

    func send(_ text: String) { input.fileHandleForWriting.write(Data(text.utf8)) }

    /// Reads standard output until it holds `text` or ends, on a thread of its own while the test waits.
    func read(until text: String) async {
        nonisolated(unsafe) let session = self
        await offThread("tee read") { session.readBlocking(until: text) }
    }

    private func readBlocking(until text: String) {
        while !output.contains(text) {
            let chunk = outputPipe.fileHandleForReading.availableData
            if chunk.isEmpty { return }
            output += String(decoding: chunk, as: UTF8.self)
        }
    }

    /// Closes standard input and reads both outputs to their end and the exit, on a thread of its own.
    func finish() async throws -> Int32 {
        nonisolated(unsafe) let session = self
        return try await offThread("tee finish") { try session.finishBlocking() }
    }

    private func finishBlocking() throws -> Int32 {
        try input.fileHandleForWriting.close()
        output += String(decoding: outputPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        standardError = String(decoding: errorPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus
    }
}
