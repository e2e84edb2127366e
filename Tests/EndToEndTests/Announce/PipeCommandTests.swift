import AnnouncerProtocol
import TestSupport
import Foundation
import Testing

/// `announce pipe`, fed the way a terminal front end feeds it.
@Suite(.startsProcesses) struct PipeCommandTests {
    @Test("A long polite line then an assertive line: the polite one ends interrupted by the assertive one")
    func assertiveLineCutsPoliteLine() async throws {
        let pipe = try PipeSession(["--sink", "null", "--events", "-"])
        let polite = String(repeating: "Building the project, this takes a while. ", count: 10)
        pipe.send("polite: \(polite)\n")
        // Wait until the polite line is heard, as a user would, then send the error.
        await pipe.read(until: "\"first_audio\"")
        pipe.send("assertive: Error: the build failed\n")
        #expect(try await pipe.finish(closingInput: true) == 0)

        let events = try EventLine.parse(pipe.timeline)
        let politeEnd = try #require(events.first { $0.id.rawValue == "1" && $0.event == .ended })
        #expect(politeEnd.outcome == .interrupted)
        #expect(politeEnd.by?.rawValue == "2")
        let assertiveFirstAudio = try #require(events.first { $0.id.rawValue == "2" && $0.event == .firstAudio })
        #expect(try #require(assertiveFirstAudio.latency).value < 500)
        #expect(events.last { $0.id.rawValue == "2" }?.outcome == .spoken)
    }

    @Test("Interrupted with SIGINT, pipe ends what waits and speaks as cancelled on the timeline, then exits")
    func interruptCancelsEverythingWithOutcomes() async throws {
        let pipe = try PipeSession(["--sink", "null", "--events", "-"])
        let long = String(repeating: "A long polite line that keeps on talking. ", count: 10)
        pipe.send("\(long)\nSecond line, still waiting\n")
        await pipe.read(until: "\"first_audio\"")
        kill(pipe.process.processIdentifier, SIGINT)
        #expect(try await pipe.finish(closingInput: false) == 128 + SIGINT)
        let ends = try EventLine.parse(pipe.timeline).filter { $0.event == .ended }
        #expect(ends.map(\.id.rawValue) == ["1", "2"])
        #expect(ends.allSatisfy { $0.outcome == .cancelled })
    }

    @Test("With --every-line, pipe speaks every line, and when input ends it waits until every accepted line has ended")
    func pipeWaitsForEverythingAccepted() async throws {
        let result = try await AnnounceProcess.run(["pipe", "--every-line", "--sink", "null", "--events", "-", "--rate", "450"], input: "one\ntwo\nthree\n")
        #expect(result.status == 0)
        let ends = try EventLine.parse(result.standardOutput).filter { $0.event == .ended }
        #expect(ends.map(\.outcome) == [.spoken, .spoken, .spoken])
    }

    @Test("Prefixes set a line's politeness; --assertive-match makes matching lines assertive; blank lines are skipped")
    func prefixesAndAssertiveMatch() async throws {
        let input = "off: quiet line\n\n   \nCompiling main.swift\nerror: missing semicolon\n"
        let result = try await AnnounceProcess.run(["pipe", "--sink", "null", "--events", "-", "--rate", "450", "--assertive-match", "error|failed"], input: input)
        #expect(result.status == 0)
        let received = try EventLine.parse(result.standardOutput).filter { $0.event == .received }
        #expect(received.map(\.politeness) == [.off, .polite, .assertive])
        #expect(received.map(\.text) == ["quiet line", "Compiling main.swift", "error: missing semicolon"])
    }

    @Test("--duplicate-window sets the window within which the same line is not said again")
    func duplicateWindowOption() async throws {
        let input = "Saved\nSaved\n"
        let standard = try await AnnounceProcess.run(["pipe", "--sink", "null", "--events", "-", "--rate", "450"], input: input)
        let outcomes = try EventLine.parse(standard.standardOutput).filter { $0.event == .ended }.map(\.outcome)
        #expect(outcomes.contains(.duplicate))
        let none = try await AnnounceProcess.run(["pipe", "--sink", "null", "--events", "-", "--rate", "450", "--duplicate-window", "0"], input: input)
        #expect(try EventLine.parse(none.standardOutput).filter { $0.event == .ended }.map(\.outcome) == [.spoken, .spoken])
    }

    @Test("An invalid --assertive-match pattern is refused in one sentence")
    func invalidPatternIsRefused() async throws {
        let result = try await AnnounceProcess.run(["pipe", "--sink", "null", "--assertive-match", "(unclosed"])
        #expect(result.status != 0)
        #expect(result.standardError.unwrapped.contains("not a valid regular expression"))
    }

    @Test("A 61-line build log ends soon after its input: waiting lines are skipped as stale, the error is spoken in full, and one line says so")
    func buildLogKeepsUp() async throws {
        let log = (1...60).map { "Compiling module \($0) of 60: Sources/Module\($0)/File\($0).swift" }.joined(separator: "\n")
            + "\nerror: build failed in Module42: cannot find Foo in scope\n"
        let result = try await AnnounceProcess.run(["pipe", "--sink", "null", "--events", "-", "--assertive-match", "error|failed"], input: log)
        let seconds = result.seconds
        #expect(result.status == 0, "\(result.standardError)")
        let ends = try EventLine.parse(result.standardOutput).filter { $0.event == .ended }
        #expect(ends.count == 61)
        #expect(ends.first { $0.text.hasPrefix("error:") }?.outcome == .spoken, "\(ends.map { "\($0.text.prefix(12)) \($0.outcome!)" })")
        // Before, each of the 61 lines waited its turn and most expired unspoken after 32 s.
        #expect(seconds < 12, "the pipe took \(seconds) s")
        #expect(!ends.contains { $0.outcome == .expired })
        let stale = ends.filter { $0.outcome == .superseded || $0.outcome == .cancelled }.count
        #expect(stale >= 50)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("Of 61 lines, \(stale) were skipped as stale"), "\(result.standardError)")
    }

    @Test("--tee passes standard input through to standard output unchanged while the lines are spoken")
    func teePassesInputThrough() async throws {
        let input = "first line\n\n  indented, with spaces  \nlast: line\n"
        let result = try await AnnounceProcess.run(["pipe", "--tee", "--sink", "null", "--rate", "450"], input: input)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == input)
    }
}
