import TestSupport
import Foundation
import Testing

/// The committed manual pages, dist/man, against what the built programs' --help says now: a page
/// that differs is stale, and scripts/make-manual makes it again.
@Suite(.startsProcesses) struct ManualPagesTests {
    static let tool = ServerProcess.directory.appendingPathComponent("generate-manual").path

    @Test("Each committed manual page is what generate-manual makes from the program as built now", arguments: ["announce", "announcerd"])
    func committedPageIsUpToDate(program: String) async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.tool),
                     "generate-manual is not built; scripts/test builds it with: swift build --product generate-manual")
        let committed = try String(contentsOfFile: Repository.path("dist/man/\(program).1"), encoding: .utf8)
        // Made again with the committed page's own date, so only a change of the program shows.
        let dated = try #require(committed.split(separator: "\n").first { $0.hasPrefix(".Dd ") }, "no .Dd line")
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "MMMM d, yyyy"
        let date = try #require(formatter.date(from: String(dated.dropFirst(4))), "\(dated)")
        formatter.dateFormat = "yyyy-MM-dd"
        let output = temporaryPath("man-\(program)")
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let run = try await ProgramRun.run(Self.tool, [ServerProcess.directory.appendingPathComponent(program).path, "--date", formatter.string(from: date),
                                             "--output-directory", output])
        #expect(run.status == 0, "\(run.standardError)")
        let made = try String(contentsOfFile: "\(output)/\(program).1", encoding: .utf8)
        #expect(made == committed, "dist/man/\(program).1 is stale; run scripts/make-manual and commit it.")
    }
}
