import TestSupport
import Foundation
import Testing

/// Real pages in a real headless Chromium: `flow import`, `web check` and `web play`. Its tests run
/// side by side: each marks its own announce processes, and so the Chromium they start, and looks for
/// processes left behind by that mark alone.
@Suite(.startsLongProcesses) struct WebTests {
    static let pages = Repository.path("Flows/web")

    /// In CI the browser must be there; elsewhere these tests need Debian's chromium.
    static let chromiumInstalled = ProcessInfo.processInfo.environment["CI"] == "true"
        || FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium")

    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("web-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A mark of one test's own: a variable in the environment of the announce processes it starts,
    /// which every process they start inherits (Chromium, its renderers), so what this test left
    /// behind is told from what the tests beside it are running.
    struct Mark {
        static let variable = "ANNOUNCER_TEST_MARK"
        let value = UUID().uuidString
        var environment: [String: String] { [Self.variable: value] }

        /// `announce ARGUMENTS` run with this mark.
        func run(_ arguments: [String], input: String = "", environment extra: [String: String] = [:]) async throws -> ProgramRun {
            try await AnnounceProcess.run(arguments, input: input, environment: extra.merging(environment) { $1 })
        }

        /// The processes with this mark alive now, zombies aside; after announce has ended, none should be.
        func alive() -> [String] { WebTests.processes(withEnvironment: "\(Self.variable)=\(value)") }

        /// The marked Chromium processes alive now.
        func chromiums() -> [String] { alive().filter { $0.contains("announce-chromium-") } }
    }

    /// The processes alive now, zombies aside, whose environment has `entry` (`NAME=VALUE`): each as
    /// its process id and its command line.
    static func processes(withEnvironment entry: String) -> [String] {
        let wanted = Array(entry.utf8)
        var alive: [String] = []
        for pid in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] where Int32(pid) != nil {
            guard let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ"),
                  environment.split(separator: 0).contains(where: { $0.elementsEqual(wanted) }),
                  let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  !stat.contains(") Z ") else { continue }
            let command = (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8))?.replacingOccurrences(of: "\0", with: " ")
            alive.append("\(pid) \(command ?? "")")
        }
        return alive
    }
}
