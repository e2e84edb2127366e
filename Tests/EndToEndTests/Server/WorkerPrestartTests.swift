import TestSupport
import Foundation
import Testing

/// announcerd begins its synthesis worker first thing in `main`, before the command line is read, so that
/// the worker's start overlaps the server's own. A worker that notes its start in a file and then runs the
/// real one shows when a worker was begun.
@Suite(.startsProcesses) struct WorkerPrestartTests {
    /// A folder with a worker that writes its process id to `started` before it becomes announcer-synth.
    static func notingWorker() throws -> (folder: String, worker: String, started: String) {
        let folder = ServerProcess.makeDirectory()
        let worker = folder + "/noting-worker"
        let started = folder + "/started"
        let realWorker = ServerProcess.directory.appendingPathComponent("announcer-synth").path
        try "#!/bin/sh\necho \"$$\" >> '\(started)'\nexec '\(realWorker)' \"$@\"\n".write(toFile: worker, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: worker)
        return (folder, worker, started)
    }

    /// Runs announcerd to its end in this test's own process group, so that nothing but announcerd
    /// itself ends a worker it began (`ProgramRun` ends the whole group of the program it ran).
    static func runAnnouncerd(_ arguments: [String], worker: String, folder: String) async throws -> (status: Int32, output: String) {
        try await offThread("announcerd run") { try runAnnouncerdBlocking(arguments, worker: worker, folder: folder) }
    }

    private static func runAnnouncerdBlocking(_ arguments: [String], worker: String, folder: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = ServerProcess.announcerd
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["ANNOUNCER_SYNTH_WORKER": worker, "XDG_RUNTIME_DIR": folder]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test("--help and --version begin no synthesis worker", arguments: [["--help"], ["-h"], ["--version"]])
    func informationBeginsNoWorker(arguments: [String]) async throws {
        let (folder, worker, started) = try Self.notingWorker()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try await Self.runAnnouncerd(arguments, worker: worker, folder: folder)
        #expect(run.status == 0, "\(run.output)")
        #expect(!run.output.isEmpty)
        // Not a wait: a worker begun by mistake would have written its note by now; this proves none was.
        try await Task.sleep(for: .seconds(0.5))
        #expect(!FileManager.default.fileExists(atPath: started), "a worker was begun for \(arguments)")
    }

    @Test("The worker is begun before the command line is read, and ends by itself after announcerd refused the command line")
    func workerBegunBeforeTheCommandLineEndsWithARefusal() async throws {
        let (folder, worker, started) = try Self.notingWorker()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The worker is begun on a thread of its own while the command line is read, so a refusal can
        // win the race on a busy machine; only a worker begun before reading can win it even once.
        var noted: String?
        for _ in 0..<5 where noted == nil {
            let run = try await Self.runAnnouncerd(["--no-such-option"], worker: worker, folder: folder)
            #expect(run.status == 64, "\(run.output)")
            #expect(run.output.contains("--no-such-option"), "\(run.output)")
            if await waitFor({ FileManager.default.fileExists(atPath: started) }, seconds: 1) {
                noted = try String(contentsOfFile: started, encoding: .utf8)
            }
        }
        let note = try #require(noted, "no worker was begun in five refused command lines")
        let pid = try #require(Int32(note.split(separator: "\n").first ?? ""), "the worker noted \(note)")
        // Its pipes closed with announcerd, so it ends; what is left is at most a zombie for init to reap.
        #expect(await waitFor({ Self.isGoneOrEnded(pid) }, seconds: 10), "the worker \(pid) outlived announcerd")
    }

    /// True when the process no longer exists, or has ended and waits only to be reaped.
    static func isGoneOrEnded(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        // The state follows the command's closing parenthesis.
        guard let close = stat.lastIndex(of: ")") else { return true }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }
}
