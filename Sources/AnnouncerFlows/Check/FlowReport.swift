import AnnouncerCore
import Foundation

/// What `flow check` found for one flow file: every expectation's result, or why the file could not be read.
public struct FlowReport: Sendable {
    public var file: String
    /// Nil when the file could not be read.
    public var flow: Flow?
    public var results: [CheckResult]
    /// Every lint check made on the flow's screens, passes included.
    public var lint: [LintFinding]
    /// The problems that kept the file from being read, one sentence each.
    public var readProblems: [String]
    /// Where its audio and timeline were written, with --record.
    public var recording: (audio: String, timeline: String)?

    public init(
        file: String, flow: Flow?, results: [CheckResult] = [], lint: [LintFinding] = [], readProblems: [String] = [],
        recording: (audio: String, timeline: String)? = nil
    ) {
        self.file = file
        self.flow = flow
        self.results = results
        self.lint = lint
        self.readProblems = readProblems
        self.recording = recording
    }

    public var passedCount: Int { results.count { $0.passed } + lint.count { $0.passed } }
    public var failedCount: Int { results.count { !$0.passed } + lint.count { !$0.passed } + readProblems.count }
    public var passed: Bool { failedCount == 0 }

    /// The report as plain lines that read well aloud: a heading line, one line per result beginning
    /// with "pass" or "FAIL" so a failure is found by its first word, and a summary line.
    public var lines: [String] {
        guard let flow else {
            return ["The flow file \(file) cannot be checked:"] + readProblems.map { "FAIL: \($0)" }
        }
        var lines = ["Flow \"\(flow.name)\" (\(file)), \(flow.language.rawValue), \(flow.steps.count) steps:"]
        for finding in lint {
            let place = finding.line.map { ", line \($0)" } ?? ""
            lines.append("\(finding.passed ? "pass" : "FAIL"): lint \(finding.rule.code)\(place): \(finding.message)")
        }
        for result in results {
            let place = result.step == 0 ? "" : "step \(result.step)" + (result.line.map { ", line \($0)" } ?? "") + ", \(result.action): "
            lines.append("\(result.passed ? "pass" : "FAIL"): \(place)\(result.message)")
        }
        if let recording {
            lines.append("Recorded the audio in \(recording.audio) and the timeline in \(recording.timeline).")
        }
        lines.append("\(flow.name): \(passedCount) passed, \(failedCount) failed.")
        return lines
    }

    /// The report as one JSON object.
    public var json: JSONFragment {
        .object([
            ("file", .string(file)),
            ("flow", flow.map { .string($0.name) } ?? .null),
            ("lang", flow.map { .string($0.language.rawValue) } ?? .null),
            ("passed", .integer(passedCount)),
            ("failed", .integer(failedCount)),
            ("read_problems", .array(readProblems.map { .string($0) })),
            ("results", .array(results.map { result in
                .object([
                    ("step", .integer(result.step)),
                    ("line", result.line.map { .integer($0) } ?? .null),
                    ("action", .string(result.action)),
                    ("check", .string(result.kind.rawValue)),
                    ("passed", .bool(result.passed)),
                    ("message", .string(result.message)),
                    ("latency_ms", result.latencyMilliseconds.map { .raw(String(format: "%.3f", $0)) } ?? .null),
                ])
            })),
            ("lint", .array(lint.map { finding in
                .object([
                    ("rule", .string(finding.rule.code)),
                    ("screen", .string(finding.screen.rawValue)),
                    ("element", finding.element.map { .string($0.rawValue) } ?? .null),
                    ("line", finding.line.map { .integer($0) } ?? .null),
                    ("passed", .bool(finding.passed)),
                    ("message", .string(finding.message)),
                    ("contrast_ratio", finding.contrastRatio.map { .raw(String(format: "%.3f", $0)) } ?? .null),
                ])
            })),
            ("recording", recording.map { .object([("audio", .string($0.audio)), ("timeline", .string($0.timeline))]) } ?? .null),
        ])
    }
}
