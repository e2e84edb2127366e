import Foundation
import SeamTestSupport
import ServerSeamSupport
import Testing
import TestSupport

/// A flow file that is an alias bomb, as `flow check` and `flow play` meet it: refused in one sentence
/// naming the file, its line and the limit, before anything is spoken.
@Suite struct HostileFlowFileTests {
    @Test("announce flow check and flow play refuse an alias-bomb flow in one sentence, at once", arguments: ["check", "play"])
    func flowBombIsRefused(command: String) throws {
        let server = try InProcessServer()
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bomb-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = "\(folder)/bomb.en.yaml"
        try ("flow: Bomb\nlanguage: en\n" + HostileYAML.complexKeyBomb).write(toFile: file, atomically: true, encoding: .utf8)
        let run = CommandRun.run(["flow", command, "--socket", server.socketPath, file])
        #expect(run.status == 1, "\(run.errorMessage) \(run.output.output)\(run.output.error)")
        let said = (run.output.output + run.output.error + run.errorMessage).unwrapped
        #expect(said.contains("\(file), line 8: Its aliases (*name) expand it to more than 250000 values; a flow file may hold at most 250000, so it was not read."), "\(said)")
        #expect(server.synthesizer.spoken.value.isEmpty, "nothing of a refused flow is spoken")
    }
}
