import TestSupport
import Foundation
import Testing

/// Real pages in a real headless Chromium: `flow import`, `web check` and `web play`. One serialized
/// suite, so that each test's look for Chromium processes left behind sees only its own.
@Suite(.serialized, .startsProcesses) struct WebTests {
    static let pages = Repository.path("Flows/web")

    /// In CI the browser must be there; elsewhere these tests need Debian's chromium.
    static let chromiumInstalled = ProcessInfo.processInfo.environment["CI"] == "true"
        || FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium")

    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("web-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Chromium processes still alive that were started with a profile of announce's.
    static func announceChromiums() throws -> [String] {
        let run = try ProgramRun("/bin/ps", ["-eo", "stat=,args="])
        return run.standardOutput.split(separator: "\n").map(String.init)
            .filter { $0.contains("announce-chromium-") && !$0.hasPrefix("Z") }
    }
}
