import Foundation
import Testing

/// `announce --version`, as announce's `main` prints it; the command line is only parsed.
struct VersionTests {
    @Test("announce --version prints the version alone on one line")
    func versionIsOneLine() {
        let run = CommandRun.parse(["--version"])
        #expect(run.status == 0)
        #expect(run.printedError.isEmpty)
        // What `main` writes to standard output for it: the parser's message and a newline.
        #expect((run.errorMessage + "\n").range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, "\(run.errorMessage)")
    }
}
