import TestSupport
import Foundation
import Testing

/// announcerd begins its synthesis worker first thing in `main`, before the command line is read, so that
/// the worker's start overlaps the server's own. A worker that notes its start in a file and then runs the
/// real one shows when a worker was begun.
@Suite struct WorkerPrestartTests {
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

    @Test("--help and --version begin no synthesis worker", arguments: [["--help"], ["-h"], ["--version"]])
    func informationBeginsNoWorker(arguments: [String]) throws {
        let (folder, worker, started) = try Self.notingWorker()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try ProgramRun(ServerProcess.announcerd.path, arguments, environment: ["ANNOUNCER_SYNTH_WORKER": worker, "XDG_RUNTIME_DIR": folder])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(!run.standardOutput.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: started), "a worker was begun for \(arguments)")
    }

    @Test("The worker is begun before the command line is read, and ends with announcerd when the command line is refused")
    func workerBegunBeforeTheCommandLineEndsWithARefusal() throws {
        let (folder, worker, started) = try Self.notingWorker()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try ProgramRun(ServerProcess.announcerd.path, ["--no-such-option"], environment: ["ANNOUNCER_SYNTH_WORKER": worker, "XDG_RUNTIME_DIR": folder])
        #expect(run.status == 64, "\(run.standardError)")
        #expect(run.standardError.contains("--no-such-option"), "\(run.standardError)")
        // Only a worker begun before the command line was read can have started for one that is refused.
        let noted = try String(contentsOfFile: started, encoding: .utf8)
        let pid = try #require(Int32(noted.trimmingCharacters(in: .whitespacesAndNewlines)), "the worker noted \(noted)")
        // The worker sees its pipes close and ends; the process left is at most a zombie for init to reap.
        #expect(waitFor({ Self.isGoneOrEnded(pid) }, seconds: 10), "the worker \(pid) outlived announcerd")
    }

    /// True when the process no longer exists, or has ended and waits only to be reaped.
    static func isGoneOrEnded(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        // The state follows the command's closing parenthesis.
        guard let close = stat.lastIndex(of: ")") else { return true }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }
}
