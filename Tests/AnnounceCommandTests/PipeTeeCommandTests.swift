import AnnouncerCommandLine
import AnnouncerCore
import AnnouncerProtocol
import AnnouncerServer
import Foundation
import SeamTestSupport
import ServerSeamSupport
import TestSupport
import Testing

/// `announce pipe --tee` through announcerd's server in this process, on the fake engine: the input
/// always comes out whole and at once, whatever happens to speech.
struct PipeTeeCommandTests {
    @Test("--tee passes standard input through to standard output unchanged while the lines are spoken")
    func teePassesInputThrough() throws {
        let server = try InProcessServer()
        defer { server.stop() }
        let input = "first line\n\n  indented, with spaces  \nlast: line\n"
        let run = CommandRun.run(["pipe", "--socket", server.socketPath, "--tee", "--rate", "450"], input: input)
        #expect(run.status == 0, "\(run.errorMessage) \(run.output.error)")
        #expect(run.output.output == input)
    }

    @Test("--tee copies the input byte for byte, invalid UTF-8 and a last line without newline included, with one warning")
    func invalidUTF8PassesUnchangedWithOneWarning() throws {
        let server = try InProcessServer()
        defer { server.stop() }
        let input = Array("caf".utf8) + [0xE9] + Array(" au lait\nplain line\r\n".utf8) + [0xFF, 0xFE] + Array(" again\nno newline at the end".utf8)
        let run = CommandRun.run(["pipe", "--socket", server.socketPath, "--tee", "--rate", "450"], input: input)
        #expect(run.status == 0, "\(run.errorMessage) \(run.output.error)")
        #expect(run.output.bytes == input)
        let warnings = run.output.errorLines.filter { !$0.hasPrefix("  ") && $0.contains("UTF-8") }
        #expect(warnings == ["Line 1 of the input is not valid UTF-8; the bytes that are not were left out."], "\(run.output.error)")
    }

    @Test("A line over the server's text limit is spoken in pieces split at spaces, within the limit, none refused")
    func longLineIsSplitAtWordsNotRefused() throws {
        let server = try InProcessServer { $0.clientLimits.maxTextBytes = 1_024 }
        defer { server.stop() }
        let listener = try SocketClient(path: server.socketPath)
        _ = listener.request(.subscribe)
        let words = (1...300).map { "-Iinclude/module\($0)" }
        let run = CommandRun.run(["pipe", "--socket", server.socketPath, "--tee", "--off"], input: words.joined(separator: " ") + "\n")
        #expect(run.status == 0, "\(run.errorMessage) \(run.output.error)")
        #expect(run.output.error.isEmpty, "\(run.output.error)")
        let received = listener.readEvents(until: { $0.event == .ended && $0.text.hasSuffix("module300") })
            .filter { $0.event == .received }.map(\.text)
        #expect(received.count > 1)
        #expect(received.allSatisfy { $0.utf8.count <= 1024 })
        #expect(received.joined(separator: " ") == words.joined(separator: " "))
    }

    @Test("A refused line is one warning; --tee still passes it through and exits 0")
    func refusedLineIsOneWarning() throws {
        let server = try InProcessServer()
        defer { server.stop() }
        let input = "first\nsecond\n"
        let run = CommandRun.run(["pipe", "--socket", server.socketPath, "--tee", "--lang", "zz"], input: input)
        #expect(run.status == 0, "\(run.errorMessage) \(run.output.error)")
        #expect(run.output.output == input)
        let warnings = run.output.errorLines.filter { !$0.hasPrefix("  ") }
        #expect(warnings.map { String($0.prefix(29)) } == ["Line 1 was not accepted: The ", "Line 2 was not accepted: The "], "\(run.output.error)")
    }

    @Test("Lines pass through at once while a throttled pipe sends them slowly")
    func throttledServerDoesNotHoldBackTheOutput() throws {
        // The server's allowance grows only when the test moves its clock: until then, two lines are
        // accepted and the rest wait, however long the output takes.
        let clock = ManualClock()
        let server = try InProcessServer(limitsClock: clock) { $0.clientLimits.rate = ClientLimits.Rate(burst: 2, perSecond: 2) }
        defer { server.stop() }
        let listener = try SocketClient(path: server.socketPath)
        _ = listener.request(.subscribe)
        let socket = server.socketPath
        let input = CommandInput()
        let output = CapturedOutput()
        let pipe = RunningCommand { CommandRun.run(["pipe", "--socket", socket, "--tee", "--rate", "450"], input: input, output: output) }
        // Once the first line is through, the command has started: what follows times the pipe, not its start.
        input.send("Step 0\n")
        #expect(output.waitForOutput(containing: "Step 0\n"))
        let lines = (0...8).map { "Step \($0)" }
        let started = Date()
        input.send(lines.dropFirst().map { $0 + "\n" }.joined())
        #expect(output.waitForOutput(containing: "Step 8\n"))
        #expect(Date().timeIntervalSince(started) < 1, "the lines came out after \(Date().timeIntervalSince(started)) s")
        #expect(output.output == lines.map { $0 + "\n" }.joined())
        input.close()
        // Each second moved lets two more lines in, until all nine are; each move waits for one to arrive.
        var received: [String] = []
        for _ in 0..<20 where received.count < lines.count {
            clock.advance(by: .seconds(1))
            received += listener.readEvents(until: { $0.event == .received }, timeout: 5).filter { $0.event == .received }.map(\.text)
        }
        #expect(received == lines)
        let run = try #require(pipe.wait())
        #expect(run.status == 0, "\(run.errorMessage) \(run.output.error)")
    }
}
