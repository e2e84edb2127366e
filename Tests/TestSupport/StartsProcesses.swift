public import Testing
import Foundation

/// A limit on how many tests that start processes run at once; a test without this trait runs as
/// soon as Swift Testing starts it.
///
/// Given to every `EndToEndTests` suite (`@Suite(.startsProcesses)`, which reaches each test of the
/// suite and of the suites inside it): each test case holds one of `width` places while it runs and
/// waits, suspended, for a free one before it starts. The seam, unit and repository tests, which
/// start no process, stay fully parallel beside them.
///
/// The width is 3, chosen on a 2-core machine: with no limit, 8 timing tests failed once a dozen
/// servers, eSpeak workers and `announce` processes shared two cores, and with Swift Testing's whole
/// width at 4, two did. Width 3 keeps both cores busy, since a process-starting test spends most of
/// its time waiting for speech at real-time pace, while a timing window (a first audio within 500 ms)
/// still sees the processes it measures get the CPU; at 3 the two that failed at width 4 passed in three runs with
/// other suites running. Widths 2 and 4 are not yet measured against it: `ANNOUNCER_TEST_PROCESS_WIDTH`
/// sets another width for one run, to measure it.
public struct StartsProcesses: TestTrait, SuiteTrait, TestScoping {
    /// The places: 3, or `ANNOUNCER_TEST_PROCESS_WIDTH`.
    public static let width = ProcessInfo.processInfo.environment["ANNOUNCER_TEST_PROCESS_WIDTH"].flatMap { Int($0) }.map { max(1, $0) } ?? 3

    static let places = AsyncSemaphore(width: width)

    /// The test runs for minutes of real time (Chromium or Orca reading pages aloud): it takes the first
    /// free place, before every test that is not, so that the run does not end with the long ones
    /// still to go while the places stood free for short ones (the longest first, the shortest last).
    public var long = false

    public var isRecursive: Bool { true }

    /// Each test case takes its own place, so a parameterized test's cases are limited as tests are;
    /// the suite and the test function as a whole take none.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> StartsProcesses? {
        testCase == nil ? nil : self
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        await Self.places.wait(first: long)
        defer { Self.places.signal() }
        try await function()
    }
}

extension Trait where Self == StartsProcesses {
    /// The test starts processes (announcerd, announce, a real client): it runs when one of
    /// `StartsProcesses.width` places is free.
    public static var startsProcesses: Self { StartsProcesses() }

    /// The test starts processes and runs for minutes: it takes a place before the tests that do not.
    public static var startsLongProcesses: Self { StartsProcesses(long: true) }
}
