import ServerSeamSupport
import Testing

/// What the commands that read standard input (say -, pipe and emacspeak) make of input that is not text.
struct StandardInputTests {
    @Test("Invalid UTF-8 on standard input gets one warning, from say -, pipe and emacspeak alike")
    func invalidUTF8GetsOneWarning() throws {
        let server = try InProcessServer()
        defer { server.stop() }
        let input = Array("q {caf".utf8) + [0xE9] + Array("}\nd\nq {".utf8) + [0xFF] + Array(" again}\nd\n".utf8)
        let runs = [
            CommandRun.run(["say", "--socket", server.socketPath, "--rate", "450", "-"], input: input),
            CommandRun.run(["pipe", "--socket", server.socketPath, "--rate", "450"], input: input),
            CommandRun.run(["emacspeak", "--socket", server.socketPath], input: input),
        ]
        for run in runs {
            let command = run.arguments[0]
            #expect(run.status == 0, "\(command): \(run.errorMessage) \(run.output.error)")
            let warnings = run.output.errorLines.filter { $0.contains("UTF-8") }
            #expect(warnings == ["Line 1 of the input is not valid UTF-8; the bytes that are not were left out."], "\(command): \(run.output.error)")
        }
    }
}
