import Foundation
import SeamTestSupport
import ServerSeamSupport
import Testing
import TestSupport

/// `announce flow play` in this process, for what it decides before it reads a key: a flow it cannot
/// play is one sentence and a failing status. Keys come from standard input, so playing itself is tested
/// in EndToEndTests, in a terminal and from a pipe.
@Suite struct FlowPlayCommandTests {
    @Test("A flow file that cannot be read is a plain message and a non-zero exit")
    func unreadableFlowFails() throws {
        let server = try InProcessServer()
        defer { server.stop() }
        let run = CommandRun.run(["flow", "play", "--socket", server.socketPath, "/nonexistent/flow.yaml"])
        #expect(run.status != 0)
        #expect(run.errorMessage.contains("/nonexistent/flow.yaml"), "\(run.errorMessage)")
        #expect(!run.errorMessage.contains("\u{1B}"))
        // Nothing was played: not one line of play's own.
        #expect(run.output.output.isEmpty, "\(run.output.output)")
    }

    @Test("A flow of a real page is refused in one sentence that names web check, before anything is spoken")
    func pageFlowIsSentToWebCheck() throws {
        let server = try InProcessServer()
        defer { server.stop() }
        let file = Repository.path("Flows/web/login.en.yaml")
        let run = CommandRun.run(["flow", "play", "--socket", server.socketPath, file])
        #expect(run.status == 1)
        #expect(run.errorMessage.hasPrefix("\(file) is a flow of the real page "), "\(run.errorMessage)")
        #expect(run.errorMessage.hasSuffix("; check it with announce web check \(file)."), "\(run.errorMessage)")
        #expect(server.synthesizer.spoken.value.isEmpty)
    }
}
