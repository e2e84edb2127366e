import AnnouncerCore
import AnnouncerEngine
import Testing

/// One synthesis supervisor, started by its owner and handed to several engines in one process, as the
/// tests' `EngineHarness` does: each engine speaks through it, on its one worker.
@Suite struct SharedSynthesizerTests {
    @Test("Two engines handed the same supervisor both speak, through its one worker")
    func twoEnginesShareOneSupervisor() throws {
        let first = try EngineHarness()
        let second = try EngineHarness()
        #expect(first.engine.synthesisWorkerProcessID != nil)
        #expect(first.engine.synthesisWorkerProcessID == second.engine.synthesisWorkerProcessID)
        let one = first.say("First engine")
        let two = second.say("Second engine")
        first.finish()
        second.finish()
        #expect(first.outcome(of: one) == .spoken)
        #expect(second.outcome(of: two) == .spoken)
        #expect(first.timeline.first(.firstAudio, of: one.id) != nil)
        #expect(second.timeline.first(.firstAudio, of: two.id) != nil)
    }
}
