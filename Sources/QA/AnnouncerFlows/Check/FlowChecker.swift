public import AnnouncerCore
public import AnnouncerVoices
import Foundation

/// Runs every step of a flow through a `FlowSpeaker` and checks each expectation, timing announcements
/// from the moment of the user's action to their first audio, as a screen-reader user hears them.
public struct FlowChecker {
    /// How the check moves from step to step.
    public enum Pace: Sendable {
        /// The next step begins once everything the step said has begun to sound, as a brisk user swipes on;
        /// a new focus phrase then stops the previous one, as on a phone.
        case brisk
        /// The next step begins once everything the step said has ended: what a listener hears, and what a recording keeps.
        case listening
    }

    /// How long an utterance may take to be heard before the check says it never was.
    public static let hearingTimeout: Duration = .seconds(5)
    /// How long a step's speech may take to end at the listening pace.
    public static let endingTimeout: Duration = .seconds(60)

    public let flow: Flow
    public let profile: VoiceProfile
    public let pace: Pace

    /// The reader whose phrasing the flow is spoken in; the flow's own (`style:`) when nil.
    public var style: ReaderStyle?
    /// Told as each step begins: its number, and the number of steps.
    public var onStep: (@Sendable (_ number: Int, _ count: Int) -> Void)?

    public init(flow: Flow, profile: VoiceProfile, pace: Pace = .brisk, style: ReaderStyle? = nil) {
        self.style = style
        self.flow = flow
        self.profile = profile
        self.pace = pace
    }

    /// Runs the whole flow; one result per expectation, and one for a step that could not run.
    public func run(speaker: some FlowSpeaker) -> [CheckResult] {
        runHeard(speaker: speaker).results
    }

    /// Runs the whole flow, and keeps what each step said and when it was heard, for an audit report.
    public func runHeard(speaker: some FlowSpeaker) -> (results: [CheckResult], heard: [HeardStep]) {
        var session = FlowSession(flow: flow, profile: profile, style: style)
        var results: [CheckResult] = []
        var heardSteps: [HeardStep] = []
        var lastFocusID: String?
        var spokenIDs: [String] = []
        for (index, step) in flow.steps.enumerated() {
            let number = index + 1
            onStep?(number, flow.steps.count)
            let action = Self.describe(step.action)
            let screen = session.screenID
            let start = MonotonicInstant.now()
            // Any gesture stops the screen reader's reading, as on a phone; an app's announcement goes on.
            if step.action.isUserAction, let previous = lastFocusID {
                speaker.cancel(previous)
                lastFocusID = nil
            }
            if case let .wait(milliseconds) = step.action { Thread.sleep(forTimeInterval: Double(milliseconds) / 1_000) }
            let utterances: [Utterance]
            do throws(FlowError) {
                utterances = try session.perform(step.action)
            } catch {
                results.append(CheckResult(step: number, line: step.line, action: action, kind: .step, passed: false,
                                           message: "The step could not be carried out: \(error.description)"))
                heardSteps.append(HeardStep(number: number, line: step.line, action: action, isUserAction: step.action.isUserAction,
                                            screen: screen, focusAfter: session.focus, utterances: []))
                continue
            }
            var sent: [(utterance: Utterance, id: String?)] = []
            for utterance in utterances {
                // The app posts a late announcement this long after the action, so the delay counts.
                let due = start + .milliseconds(Int64(utterance.delayMilliseconds))
                let now = MonotonicInstant.now()
                if due > now { Thread.sleep(forTimeInterval: Double(due.since(now).microseconds) / 1_000_000) }
                if case .focus = utterance.kind, let previous = lastFocusID { speaker.cancel(previous) }
                let id: String?
                do {
                    id = try speaker.say(utterance)
                } catch {
                    id = nil
                    results.append(CheckResult(step: number, line: step.line, action: action, kind: .step, passed: false,
                                               message: "\"\(utterance.text)\" could not be spoken: \(error)"))
                }
                if case .focus = utterance.kind { lastFocusID = id }
                sent.append((utterance, id))
                if let id { spokenIDs.append(id) }
            }
            let heard = sent.map { entry in
                entry.id.flatMap { speaker.waitUntilHeardOrEnded($0, timeout: Self.hearingTimeout) }
            }
            results += Self.evaluate(step, number: number, action: action, focus: session.focus, focusOrder: session.focusOrder,
                                     sent: sent.map(\.utterance), heard: heard, start: start)
            let utterancesHeard = zip(sent, heard).map { entry, times in
                HeardUtterance(
                    text: entry.utterance.text, kind: entry.utterance.kind, politeness: entry.utterance.politeness, id: entry.id,
                    latencyMilliseconds: times?.firstAudio.map { Double(Int64($0) - Int64(start.microseconds)) / 1_000 },
                    outcome: times?.outcome, appDelayMilliseconds: entry.utterance.delayMilliseconds
                )
            }
            heardSteps.append(HeardStep(
                number: number, line: step.line, action: action, isUserAction: step.action.isUserAction, screen: screen,
                focusAfter: session.focus, utterances: utterancesHeard,
                focusOrder: step.expectation.focusOrder.map {
                    FocusOrderComparison(expected: $0, actual: session.focusOrder, phrases: session.focusOrder.map { session.phrase(of: $0) })
                }
            ))
            // A user waits for what the app announces; at the brisk pace only focus phrases are cut short.
            let waitFor = pace == .listening ? sent : sent.filter(\.utterance.isAnnouncement)
            _ = speaker.waitUntilEnded(waitFor.compactMap(\.id), timeout: Self.endingTimeout)
        }
        _ = speaker.waitUntilEnded(spokenIDs, timeout: Self.endingTimeout)
        return (results, heardSteps)
    }

    /// Checks a step's expectations against what it said and when each phrase was heard, and where focus
    /// ended; `poster` names who posts a late announcement (the app, or the page) in a late one's sentence.
    public static func evaluate(
        _ step: Step, number: Int, action: String, focus currentFocus: ElementID?, focusOrder currentOrder: [ElementID],
        sent: [Utterance], heard: [HeardTimes?], start: MonotonicInstant, poster: String = "app"
    ) -> [CheckResult] {
        let expectation = step.expectation
        var results: [CheckResult] = []
        func result(_ kind: CheckResult.Kind, _ passed: Bool, _ message: String, latency: Double? = nil, detail: CheckDetail? = nil) {
            results.append(CheckResult(step: number, line: step.line, action: action, kind: kind, passed: passed,
                                       message: message, latencyMilliseconds: latency, detail: detail))
        }
        let latencies: [Double?] = heard.map { times in
            times?.firstAudio.map { Double(Int64($0) - Int64(start.microseconds)) / 1_000 }
        }
        if let says = expectation.says {
            let said = sent.map(\.text)
            // What was composed must also have been heard: an announcement must sound; a focus phrase
            // may instead have been cut by the next gesture or focus move, as the check does on purpose.
            let unheard = sent.indices.filter { index in
                guard heard[index]?.firstAudio == nil else { return false }
                if case .focus = sent[index].kind, let outcome = heard[index]?.outcome,
                   [.cancelled, .interrupted, .superseded, .duplicate].contains(outcome) { return false }
                return true
            }
            if said == says, let first = unheard.first {
                let outcome = heard[first]?.outcome.map { "it ended \($0.rawValue)" } ?? "nothing was heard within \(Self.hearingTimeout)"
                result(.says, false, "The step composed \(Self.quoted(said)), but \"\(sent[first].text)\" was never heard: \(outcome).",
                       detail: .unheard(composed: said, text: sent[first].text))
            } else if said == says {
                let first = latencies.first.flatMap { $0 }.map { String(format: " (first audio %.1f ms after the action)", $0) } ?? ""
                let what = said.isEmpty ? "nothing, as expected" : Self.quoted(said)
                result(.says, true, "Said \(what)\(first).", latency: latencies.first ?? nil, detail: .said(said, latency: latencies.first ?? nil))
            } else {
                result(.says, false, "Expected \(Self.quoted(says)), but the step said \(said.isEmpty ? "nothing" : Self.quoted(said)).",
                       detail: .saidOther(expected: says, said: said))
            }
        }
        if let focus = expectation.focus {
            let now = currentFocus
            result(.focus, now == focus, now == focus
                ? "Focus is on \(focus)."
                : "Expected focus on \(focus), but it is on \(now.map(\.rawValue) ?? "nothing").", detail: .focus(expected: focus, actual: now))
        }
        if let order = expectation.focusOrder {
            let actual = currentOrder
            result(.focusOrder, actual == order, actual == order
                ? "The focus order is \(order.map(\.rawValue).joined(separator: ", "))."
                : "Expected the focus order \(order.map(\.rawValue).joined(separator: ", ")), but it is \(actual.map(\.rawValue).joined(separator: ", ")).",
                detail: .focusOrder(expected: order, actual: actual))
        }
        if let limit = expectation.withinMilliseconds {
            // Every announcement the step makes; when it makes none (a banner read by taking focus),
            // the last thing it says, where focus came to rest: a focus phrase before it is cut short.
            var announced = sent.indices.filter { sent[$0].isAnnouncement }
            if announced.isEmpty, !sent.isEmpty { announced = [sent.count - 1] }
            if announced.isEmpty {
                result(.within, false, "Expected something to be said within \(limit) ms, but the step said nothing.", detail: .nothingSaid(limit: limit))
            }
            for index in announced {
                let text = "\"\(sent[index].text)\""
                guard let latency = latencies[index] else {
                    let outcome = heard[index]?.outcome.map { " (it ended \($0.rawValue))" } ?? ""
                    result(.within, false, "\(text) was never heard\(outcome); it should have begun within \(limit) ms.",
                           detail: .neverHeard(text: sent[index].text, limit: limit))
                    continue
                }
                let politeness = sent[index].politeness.rawValue
                let passed = latency <= Double(limit)
                // Who took how long: the app's (or page's) own delay before it posted, and the speech's after.
                let delay = sent[index].delayMilliseconds
                let split = delay > 0 && !passed
                    ? String(format: " The %@ took %d ms to show it; speech began %.1f ms after.", poster, delay, latency - Double(delay)) : ""
                result(.within, passed, String(format: "%@, %@, began %.1f ms after the action; the limit is %d ms.",
                                               text, politeness, latency, limit) + (passed ? "" : " Too late.") + split, latency: latency,
                       detail: .began(text: sent[index].text, politeness: sent[index].politeness, latency: latency, limit: limit))
            }
        }
        return results
    }

    /// Checks what a real screen reader said for a step against the step's `says` for that reader, and its
    /// `within_ms` against the reader's own speech: the utterances that carry one of the step's
    /// `announcements`, or, when it makes none, the last thing the reader said. Nothing is checked for a
    /// step that expects nothing of the reader.
    public static func evaluate(
        _ step: Step, number: Int, action: String, reader: RealReader, said: [ReaderUtterance], announcements: [String]
    ) -> [CheckResult] {
        var results: [CheckResult] = []
        let name = reader.displayName
        let texts = said.map(\.text)
        if let expected = step.expectation.saysByReader[reader] {
            let passed = ReaderPhrasing.matches(expected: expected, said: texts)
            let heard = texts.isEmpty ? "nothing" : quoted(texts)
            let latency = said.first?.firstAudioAfterKey
            results.append(CheckResult(
                step: number, line: step.line, action: action, kind: .says, passed: passed,
                message: passed ? "\(name) said \(heard)." : "\(name) said \(heard), not \(quoted(expected)).",
                latencyMilliseconds: latency, detail: passed ? .readerSaid(reader: reader, said: texts, latency: latency)
                    : .readerSaidOther(reader: reader, expected: expected, said: texts)
            ))
        }
        if let limit = step.expectation.withinMilliseconds, step.expectation.saysByReader[reader] != nil || !announcements.isEmpty {
            let wanted = announcements.map { ReaderPhrasing.normalized([$0]) }
            var judged = said.filter { utterance in
                let text = ReaderPhrasing.normalized([utterance.text])
                return wanted.contains { !$0.isEmpty && text.contains($0) }
            }
            if judged.isEmpty, announcements.isEmpty, let last = said.last { judged = [last] }
            if judged.isEmpty {
                results.append(CheckResult(step: number, line: step.line, action: action, kind: .within, passed: false,
                                           message: "\(name) said nothing of the step's announcement; it should have begun within \(limit) ms.",
                                           detail: .nothingSaid(limit: limit)))
            }
            for utterance in judged {
                guard let latency = utterance.firstAudioAfterKey else {
                    results.append(CheckResult(step: number, line: step.line, action: action, kind: .within, passed: false,
                                               message: "\(name)'s \"\(utterance.text)\" was never heard; it should have begun within \(limit) ms.",
                                               detail: .neverHeard(text: utterance.text, limit: limit)))
                    continue
                }
                let passed = latency <= Double(limit)
                let shares = String(format: " (%@ sent it %.1f ms after the key; its first audio came %.1f ms later)",
                                    name, utterance.receivedAfterKey, utterance.firstAudioAfterReceived ?? 0)
                results.append(CheckResult(
                    step: number, line: step.line, action: action, kind: .within, passed: passed,
                    message: String(format: "%@'s \"%@\" began %.1f ms after the key; the limit is %d ms.", name, utterance.text, latency, limit)
                        + (passed ? "" : " Too late.") + shares,
                    latencyMilliseconds: latency, detail: .began(text: utterance.text, politeness: .assertive, latency: latency, limit: limit)
                ))
            }
        }
        return results
    }

    /// The action in words, for results.
    public static func describe(_ action: StepAction) -> String {
        switch action {
        case .next: "next"
        case .previous: "previous"
        case let .activate(id): id.map { "activate \($0)" } ?? "activate"
        case let .press(chord, on): "press \(chord)" + (on.map { " on \($0)" } ?? "")
        case let .type(text, into): "type \"\(text)\"" + (into.map { " into \($0)" } ?? "")
        case let .touch(id): "touch \(id)"
        case .app: "app reaction"
        case .check: "check"
        case let .wait(milliseconds): "wait \(milliseconds) ms"
        }
    }

    static func quoted(_ texts: [String]) -> String {
        texts.map { "\"\($0)\"" }.joined(separator: ", then ")
    }
}

extension StepAction {
    /// True for what the user does, as opposed to what the app does or a check.
    public var isUserAction: Bool {
        switch self {
        case .next, .previous, .activate, .press, .type, .touch: true
        case .app, .check, .wait: false
        }
    }
}
