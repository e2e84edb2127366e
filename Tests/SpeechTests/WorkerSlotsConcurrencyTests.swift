import Foundation
@testable import Speech
import Synchronization
import Testing

/// The worker slots from many threads at once: written by retires, failed starts and standby starts, read by
/// status. Its assertions hold without a sanitizer; under `-sanitize=thread` it also catches any read or write of
/// the slots' state made outside their lock, as the read of `lastStartFailure` once was.
@Suite(.serialized) struct WorkerSlotsConcurrencyTests {
    /// Should count each worker's retirement once and keep the reason its replacement could not start, while
    /// threads retire workers, fail to start new ones and read the state all at once.
    @Test func concurrentRetiresFailedStartsAndReadsKeepTheStateWhole() throws {
        let worker = try #require(IsolatedSynthesizer.defaultExecutable(), "announcer-synth is built beside the tests")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("worker-slots-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // Through a link that is removed once both workers run, so every later start fails at once.
        let link = directory.appendingPathComponent("announcer-synth").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: worker)
        let slots = try WorkerSlots(executable: link, keepsStandby: true)
        try #require(slots.waitForWorkers(timeout: .seconds(20)) { _, standby in standby != nil }, "a standby started")
        try FileManager.default.removeItem(atPath: link)

        let writing = Atomic<Bool>(true)
        let finished = DispatchGroup()
        let reads = Atomic<Int>(0)
        for _ in 0..<3 {
            onThread(finished) {
                while writing.load(ordering: .relaxed) {
                    _ = slots.lastStartFailure
                    _ = slots.restarts
                    _ = (slots.activePID, slots.standbyPID, slots.isStandbyReady, slots.sampleRate)
                    reads.add(1, ordering: .relaxed)
                }
            }
        }
        let writers = DispatchGroup()
        for _ in 0..<4 {
            onThread(writers) {
                for _ in 0..<25 {
                    if let running = slots.usable() {
                        slots.retire(running, because: "retired by the test")
                    }
                    slots.prepareStandby()
                }
            }
        }
        #expect(writers.wait(timeout: .now() + 60) == .success, "the writers finished")
        writing.store(false, ordering: .relaxed)
        #expect(finished.wait(timeout: .now() + 10) == .success, "the readers finished")

        // Standby starts run in the background; the last may still be failing.
        #expect(slots.waitForWorkers(timeout: .seconds(20)) { active, standby in active == nil && standby == nil })
        #expect(slots.activePID == nil && slots.standbyPID == nil)
        #expect(reads.load(ordering: .relaxed) > 0)
        // Two workers ran, and each was retired once, by whichever thread came first.
        #expect(slots.restarts.count == 2)
        let failure = try #require(slots.lastStartFailure)
        #expect(failure.contains("\(link) could not be started"), "\(failure)")
    }

    private func onThread(_ group: DispatchGroup, _ body: @escaping @Sendable () -> Void) {
        group.enter()
        Thread {
            body()
            group.leave()
        }.start()
    }
}
