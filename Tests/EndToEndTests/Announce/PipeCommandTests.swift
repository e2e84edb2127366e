import AnnouncerProtocol
import TestSupport
import Foundation
import Testing

/// `announce pipe`, fed the way a terminal front end feeds it.
@Suite(.startsProcesses) struct PipeCommandTests {
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

    @Test("--duplicate-window sets the window within which the same line is not said again")
    func duplicateWindowOption() async throws {
        let input = "Saved\nSaved\n"
        let standard = try await AnnounceProcess.run(["pipe", "--sink", "null", "--events", "-", "--rate", "450"], input: input)
        let outcomes = try EventLine.parse(standard.standardOutput).filter { $0.event == .ended }.map(\.outcome)
        #expect(outcomes.contains(.duplicate))
        let none = try await AnnounceProcess.run(["pipe", "--sink", "null", "--events", "-", "--rate", "450", "--duplicate-window", "0"], input: input)
        #expect(try EventLine.parse(none.standardOutput).filter { $0.event == .ended }.map(\.outcome) == [.spoken, .spoken])
    }
}
