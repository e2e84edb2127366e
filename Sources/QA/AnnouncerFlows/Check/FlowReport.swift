import AnnouncerCore
import JSONLineEncoding
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
    /// What each step said and when it was heard, for the audit report.
    public var heard: [HeardStep]
    /// What the checks of the real page found (axe-core, the layout), for a flow of a page.
    public var page: [PageFinding] = []
    /// Why a check of the page could not be made or finished, one sentence each, such as axe-core timing out.
    public var pageNotes: [String] = []
    /// False when the audio was rendered faster than real time (`flow check --fast`): its times are not a
    /// listener's, so no timing is judged, and the report says so.
    public var timed = true

    public init(
        file: String, flow: Flow?, results: [CheckResult] = [], lint: [LintFinding] = [], readProblems: [String] = [],
        recording: (audio: String, timeline: String)? = nil, heard: [HeardStep] = []
    ) {
        self.file = file
        self.flow = flow
        self.results = results
        self.lint = lint
        self.readProblems = readProblems
        self.recording = recording
        self.heard = heard
    }

    /// The WCAG 2.2 success criteria this check gives evidence for, screen by screen; empty when the file could not be read.
    public var audit: [CriterionFinding] {
        flow.map { FlowAudit.audit(flow: $0, results: results, lint: lint, heard: heard, page: page, timed: timed) } ?? []
    }

    public var passedCount: Int { results.count { $0.passed } + lint.count { $0.passed } + page.count { $0.passed == true } }
    public var failedCount: Int { results.count { !$0.passed } + lint.count { !$0.passed } + page.count { $0.passed == false } + readProblems.count }
    /// What the page's checks leave to a person: axe-core's incomplete results, and the criteria no tool can judge.
    public var toCheckCount: Int { page.count { $0.passed == nil } }
    public var passed: Bool { failedCount == 0 }

    /// The report as plain lines that read well aloud. By default: one line per failure, beginning
    /// with "FAIL" so a failure is found by its first word, and a summary line; `verbose` adds a
    /// heading and every pass. Lines are not wrapped here; the command fits them to its display.
    public func lines(verbose: Bool = false) -> [String] {
        guard let flow else {
            return ["The flow file \(file) cannot be checked:"] + readProblems.map { "FAIL: \($0)" }
        }
        var lines = verbose ? ["Flow \"\(flow.name)\" (\(file)), \(flow.language.rawValue), \(flow.steps.count) steps:"] : []
        for finding in lint where verbose || !finding.passed {
            let place = finding.line.map { ", line \($0)" } ?? ""
            lines.append("\(finding.passed ? "pass" : "FAIL"): lint \(finding.rule.code)\(place): \(finding.message)")
        }
        for result in results where verbose || !result.passed {
            let place = result.step == 0 ? "" : "step \(result.step)" + (result.line.map { ", line \($0)" } ?? "") + ", \(result.action): "
            lines.append("\(result.passed ? "pass" : "FAIL"): \(place)\(result.message)")
        }
        // What a person must check is said as plainly as a failure: it is work left to do.
        for finding in page where verbose || finding.passed != true { lines.append(finding.line) }
        if verbose {
            // What a real screen reader said at each step, with its three times: the evidence QA reads.
            for step in heard {
                for said in step.readerUtterances {
                    let audio = said.firstAudioAfterReceived.map { String(format: "first audio %.1f ms later", $0) } ?? "never heard"
                    lines.append(String(format: "heard: step %d, %@: \"%@\", received %.1f ms after the key, %@.",
                                        step.number, step.action, said.text, said.receivedAfterKey, audio))
                }
            }
        }
        if !timed {
            lines.append("Rendered faster than real time, so not timed: no timing was judged.")
        }
        if let recording {
            lines.append("Recorded the audio in \(recording.audio) and the timeline in \(recording.timeline).")
        }
        let name = (file as NSString).lastPathComponent
        let toCheck = toCheckCount == 0 ? "" : ", \(toCheckCount) for a person to check"
        lines.append("\(flow.name) (\(name)): \(passedCount) passed, \(failedCount) failed\(toCheck).")
        return lines
    }
}

/// The report as `flow check --json` writes it, one object per flow.
extension FlowReport: Encodable {
    enum CodingKeys: String, CodingKey {
        case file, flow, language = "lang", passed, failed, readProblems = "read_problems", results, lint, page, pageNotes = "page_notes", recording, timed
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encodeIfPresent(flow?.name, forKey: .flow)
        try container.encodeIfPresent(flow?.language, forKey: .language)
        try container.encode(passedCount, forKey: .passed)
        try container.encode(failedCount, forKey: .failed)
        try container.encode(readProblems, forKey: .readProblems)
        try container.encode(results.map(ResultLine.init), forKey: .results)
        try container.encode(lint.map(LintLine.init), forKey: .lint)
        if flow?.page != nil {
            try container.encode(page.map(PageLine.init), forKey: .page)
            try container.encode(pageNotes, forKey: .pageNotes)
        }
        try container.encodeIfPresent(recording.map { RecordingLine(audio: $0.audio, timeline: $0.timeline) }, forKey: .recording)
        try container.encode(timed, forKey: .timed)
    }

    private struct ResultLine: Encodable {
        var step: Int
        var line: Int?
        var action: String
        var check: String
        var passed: Bool
        var message: String
        var latency: ThreeDecimals?

        enum CodingKeys: String, CodingKey { case step, line, action, check, passed, message, latency = "latency_ms" }

        init(_ result: CheckResult) {
            step = result.step
            line = result.line
            action = result.action
            check = result.kind.rawValue
            passed = result.passed
            message = result.message
            latency = result.latencyMilliseconds.map(ThreeDecimals.init)
        }
    }

    private struct LintLine: Encodable {
        var rule: String
        var screen: String
        var element: String?
        var line: Int?
        var passed: Bool
        var message: String
        var contrastRatio: ThreeDecimals?

        enum CodingKeys: String, CodingKey { case rule, screen, element, line, passed, message, contrastRatio = "contrast_ratio" }

        init(_ finding: LintFinding) {
            rule = finding.rule.code
            screen = finding.screen.rawValue
            element = finding.element?.rawValue
            line = finding.line
            passed = finding.passed
            message = finding.message
            contrastRatio = finding.contrastRatio.map(ThreeDecimals.init)
        }
    }

    private struct PageLine: Encodable {
        var criterion: String
        var tool: String
        var rule: String
        /// True, false, or null for what a person must check.
        var passed: Bool?
        var message: String

        enum CodingKeys: String, CodingKey { case criterion, tool, rule, passed, message }

        init(_ finding: PageFinding) {
            criterion = finding.criterion.number
            tool = finding.tool.rawValue
            rule = finding.rule
            passed = finding.passed
            message = finding.text
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(criterion, forKey: .criterion)
            try container.encode(tool, forKey: .tool)
            try container.encode(rule, forKey: .rule)
            try container.encode(passed, forKey: .passed)
            try container.encode(message, forKey: .message)
        }
    }

    private struct RecordingLine: Encodable {
        var audio: String
        var timeline: String
    }
}
