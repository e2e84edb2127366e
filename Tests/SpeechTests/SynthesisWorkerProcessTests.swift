import Foundation
@testable import Speech
import Testing

/// How a worker process is started.
@Suite struct SynthesisWorkerProcessTests {
    /// Should give the worker its three pipes and nothing else of this process: a descriptor left
    /// inheritable here (as Foundation's `Process` leaves the one it watches a child by) must not stay
    /// open in a worker that outlives that child.
    @Test func workerInheritsNoOtherDescriptor() throws {
        let executable = try #require(IsolatedSynthesizer.defaultExecutable(), "announcer-synth is built beside the tests")
        var inheritable: [Int32] = [-1, -1]
        try #require(pipe(&inheritable) == 0)
        defer { for end in inheritable { close(end) } }
        let targets = Set(inheritable.map { Self.target(of: $0, in: getpid()) })

        let worker = try SynthesisWorkerProcess.start(executable: executable, timeout: .seconds(10)) { _ in }
        defer { worker.terminate() }
        let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(worker.pid)/fd").compactMap { Int32($0) }
        #expect(Set(descriptors).isSuperset(of: [0, 1, 2, 3]), "\(descriptors)")
        let held = descriptors.filter { targets.contains(Self.target(of: $0, in: worker.pid)) }
        #expect(held.isEmpty, "the worker holds this process's pipe as \(held)")
    }

    /// What a descriptor refers to, such as `pipe:[1234]`.
    private static func target(of descriptor: Int32, in process: pid_t) -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(process)/fd/\(descriptor)")) ?? "?"
    }
}
