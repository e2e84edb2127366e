import Foundation

/// How long a recording run (--report, --record) will take, told in words: at first from a typical
/// time per step, then from the pace of the steps done so far.
struct RecordingProgress {
    /// Seconds per step at a real device's pace, as measured on the shipped flows (168 steps in 522 s).
    static let typicalStep = 3.1
    /// Seconds per step rendered faster than real time (--fast), measured on the same flows (168 steps in
    /// 66 s on a busy machine).
    static let typicalFastStep = 0.4
    /// A real page's step waits for the page to be quiet for `WebChecker.settling` (1.2 s), fast or not.
    /// Flows/web/login.nb.yaml's 10 steps took 35 s with --fast on a busy 2-core machine (load 16).
    static let pageStep = 1.5
    /// Chromium's start, opening a real page and its own checks (axe-core, layout): 36 s for the same run
    /// at load 16 (33 s of it Chromium's start); taken as 20 s, for a less busy machine.
    static let pageChecks = 20.0
    let steps: [Int]
    /// Which flows are of a real page.
    var pages: [Bool] = []
    /// Rendered faster than real time (--fast).
    var fast = false
    let started = Date()

    var opening: String {
        let total = steps.reduce(0, +)
        let how = fast ? "Recording faster than real time, not timed" : "Recording at the pace of a real sound device"
        return "\(how): \(total) steps in \(steps.count) \(steps.count == 1 ? "flow" : "flows"), "
            + "about \(Self.duration(estimate))."
    }

    /// The whole run's seconds, before it begins.
    var estimate: Double {
        zip(steps, pages + Array(repeating: false, count: max(0, steps.count - pages.count))).reduce(0) { sum, flow in
            let (count, page) = flow
            let perStep = page ? max(Self.pageStep, fast ? 0 : Self.typicalStep) : (fast ? Self.typicalFastStep : Self.typicalStep)
            return sum + Double(count) * perStep + (page ? Self.pageChecks : 0)
        }
    }

    /// After the flow at `index`: how long the rest will take at the pace so far, or nil after the last.
    func finished(flow index: Int) -> String? {
        let done = steps[...index].reduce(0, +)
        let left = steps[(index + 1)...].reduce(0, +)
        guard left > 0, done > 0 else { return nil }
        let perStep = Date().timeIntervalSince(started) / Double(done)
        return "\(done) of \(done + left) steps done; about \(Self.duration(perStep * Double(left))) left."
    }

    /// "40 seconds", "1 minute", "9 minutes".
    static func duration(_ seconds: Double) -> String {
        if seconds < 90 { return "\(max(10, Int((seconds / 10).rounded()) * 10)) seconds" }
        let minutes = Int((seconds / 60).rounded())
        return minutes == 1 ? "1 minute" : "\(minutes) minutes"
    }
}
