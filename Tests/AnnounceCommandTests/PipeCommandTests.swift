import AnnouncerCore
import AnnouncerProtocol
import AnnouncerServer
import Foundation
import SeamTestSupport
import ServerSeamSupport
import TestSupport
import Testing

/// `announce pipe` through announcerd's server in this process, on the fake engine, fed the way a
/// terminal front end or a build feeds it.
struct PipeCommandTests {
    @Test("pipe sends every line to the server and, with --events, relays each line's outcome")
    func pipeUsesTheServer() throws {
        let server = try InProcessServer()
        defer { server.stop() }
        let run = CommandRun.run(["pipe", "--socket", server.socketPath, "--events", "-", "--rate", "450", "--region", "build"],
                                 input: "compiling\nerror: it broke\n")
        #expect(run.status == 0, "\(run.errorMessage) \(run.output.error)")
        let ended = run.output.outputLines.filter { $0.contains(#""event":"ended""#) }
        #expect(ended.count == 2, "\(run.output.output)")
        #expect(ended.allSatisfy { $0.contains(#""region":"build""#) })
    }

    @Test("A throttled pipe sends its lines more slowly and leaves none out, saying so once")
    func throttledPipeSlowsDownAndLosesNothing() throws {
        // Five at once, then 50 a second: the 30 lines are throttled, and sent in about half a second.
        let server = try InProcessServer { $0.clientLimits.rate = ClientLimits.Rate(burst: 5, perSecond: 50) }
        defer { server.stop() }
        let listener = try SocketClient(path: server.socketPath)
        _ = listener.request(.subscribe)
        let lines = (1...30).map { "Build step \($0) done" }
        let run = CommandRun.run(["pipe", "--socket", server.socketPath, "--off"], input: lines.joined(separator: "\n") + "\n")
        #expect(run.status == 0, "\(run.errorMessage) \(run.output.error)")
        #expect(run.output.error.components(separatedBy: "none is left out").count == 2, "\(run.output.error)")
        let received = listener.readEvents(until: { $0.event == .ended && $0.text == lines.last }, timeout: 20)
            .filter { $0.event == .received }.map(\.text)
        #expect(received == lines)
    }

    @Test("A long polite line then an assertive line: the polite one ends interrupted by the assertive one")
    func assertiveLineCutsPoliteLine() throws {
        let server = try InProcessServer()
        defer { server.stop() }
        let listener = try SocketClient(path: server.socketPath)
        _ = listener.request(.subscribe)
        let socket = server.socketPath
        let input = CommandInput()
        let pipe = RunningCommand { CommandRun.run(["pipe", "--socket", socket, "--events", "-"], input: input) }
        let polite = String(repeating: "Building the project, this takes a while. ", count: 10)
        input.send("polite: \(polite)\n")
        // Wait until the polite line is heard, as a user would, then send the error.
        let heard = listener.readEvents(until: { $0.event == .firstAudio }, timeout: 10)
        #expect(heard.last?.event == .firstAudio)
        input.send("assertive: Error: the build failed\n")
        input.close()
        let run = try #require(pipe.wait())
        #expect(run.status == 0, "\(run.errorMessage) \(run.output.error)")

        let events = try EventLine.parse(run.output.output)
        // Announcement numbers are the process's, so the pipe's first line need not be 1: each line's is on its received event.
        let received = events.filter { $0.event == .received }
        #expect(received.map(\.politeness) == [.polite, .assertive], "\(run.output.output)")
        let (first, second) = (try #require(received.first?.id), try #require(received.last?.id))
        let politeEnd = try #require(events.first { $0.id == first && $0.event == .ended }, "\(run.output.output)")
        #expect(politeEnd.outcome == .interrupted)
        #expect(politeEnd.by == second)
        let assertiveFirstAudio = try #require(events.first { $0.id == second && $0.event == .firstAudio })
        #expect(try #require(assertiveFirstAudio.latency).value < 500)
        #expect(events.last { $0.id == second }?.outcome == .spoken)
    }

    @Test("With --every-line, pipe speaks every line, and when input ends it waits until every accepted line has ended")
    func pipeWaitsForEverythingAccepted() throws {
        let server = try InProcessServer()
        defer { server.stop() }
        let run = CommandRun.run(["pipe", "--socket", server.socketPath, "--every-line", "--events", "-", "--rate", "450"],
                                 input: "one\ntwo\nthree\n")
        #expect(run.status == 0, "\(run.errorMessage) \(run.output.error)")
        let ends = try EventLine.parse(run.output.output).filter { $0.event == .ended }
        #expect(ends.map(\.outcome) == [.spoken, .spoken, .spoken])
    }

    @Test("Prefixes set a line's politeness; --assertive-match makes matching lines assertive; blank lines are skipped")
    func prefixesAndAssertiveMatch() throws {
        let server = try InProcessServer()
        defer { server.stop() }
        let input = "off: quiet line\n\n   \nCompiling main.swift\nerror: missing semicolon\n"
        let run = CommandRun.run(["pipe", "--socket", server.socketPath, "--events", "-", "--rate", "450", "--assertive-match", "error|failed"],
                                 input: input)
        #expect(run.status == 0, "\(run.errorMessage) \(run.output.error)")
        let received = try EventLine.parse(run.output.output).filter { $0.event == .received }
        #expect(received.map(\.politeness) == [.off, .polite, .assertive])
        #expect(received.map(\.text) == ["quiet line", "Compiling main.swift", "error: missing semicolon"])
    }

    @Test("An invalid --assertive-match pattern is refused in one sentence")
    func invalidPatternIsRefused() throws {
        let server = try InProcessServer()
        defer { server.stop() }
        let run = CommandRun.run(["pipe", "--socket", server.socketPath, "--assertive-match", "(unclosed"])
        #expect(run.status != 0)
        #expect(run.errorMessage.contains("not a valid regular expression"), "\(run.errorMessage)")
    }

    @Test("A 61-line build log ends soon after its input: waiting lines are skipped as stale, the error is spoken in full, and one line says so")
    func buildLogKeepsUp() throws {
        let server = try InProcessServer()
        defer { server.stop() }
        let log = (1...60).map { "Compiling module \($0) of 60: Sources/Module\($0)/File\($0).swift" }.joined(separator: "\n")
            + "\nerror: build failed in Module42: cannot find Foo in scope\n"
        let started = Date()
        let run = CommandRun.run(["pipe", "--socket", server.socketPath, "--events", "-", "--assertive-match", "error|failed"], input: log)
        let seconds = Date().timeIntervalSince(started)
        #expect(run.status == 0, "\(run.errorMessage) \(run.output.error)")
        let ends = try EventLine.parse(run.output.output).filter { $0.event == .ended }
        #expect(ends.count == 61)
        #expect(ends.first { $0.text.hasPrefix("error:") }?.outcome == .spoken, "\(ends.map { "\($0.text.prefix(12)) \($0.outcome!)" })")
        // Before, each of the 61 lines waited its turn and most expired unspoken after 32 s.
        #expect(seconds < 12, "the pipe took \(seconds) s")
        #expect(!ends.contains { $0.outcome == .expired })
        let stale = ends.filter { $0.outcome == .superseded || $0.outcome == .cancelled }.count
        #expect(stale >= 50)
        let lines = run.output.errorLines
        #expect(lines.count == 1 && lines[0].hasPrefix("Of 61 lines, \(stale) were skipped as stale"), "\(run.output.error)")
    }
}
