import AnnouncerCore
public import AnnouncerFlows
public import AnnouncerVoices
import Foundation
import Synchronization

/// Runs a flow's steps against a real page in Chromium, as a screen-reader user would: real Tab,
/// Enter, Space and typing; each focus move read, each live-region change spoken through the
/// live-region queue as it happens; each announcement timed from the action, with the page's own
/// delay (its DOM change) apart from the speech's. The expectations are checked as `flow check` does.
public final class WebChecker: @unchecked Sendable {
    public let flow: Flow
    public let profile: VoiceProfile
    /// The reader whose phrasing the virtual reader speaks in.
    public var style: ReaderStyle = .voiceover
    /// How long a step waits for the page to go quiet after its action before the next.
    public static let settling: Duration = .milliseconds(1_200)
    /// The longest a step waits for the page.
    public static let longestStep: Duration = .seconds(8)

    /// Called with each announcement of a live region once sent: its id, the utterance, and the times
    /// (monotonic microseconds) of the action and of the page's change, for the recorded timeline.
    public var onAnnouncement: (@Sendable (_ id: String, _ utterance: Utterance, _ action: UInt64, _ pageChanged: UInt64) -> Void)?

    /// A real screen reader in the loop: keys go to it as real key presses, and each step's `says` for
    /// it is checked against what it said. Without one, keys are DevTools events and only the virtual
    /// reader speaks.
    public var reader: (any ReaderInTheLoop)?

    /// Told as each step begins: its number, and the number of steps.
    public var onStep: (@Sendable (_ number: Int, _ count: Int) -> Void)?

    private let changes = Mutex<[PageChange]>([])
    /// The element last read, for its containers (each named once, as focus enters or leaves it) and
    /// for the readers that say only what changed when it changes in place.
    private let lastRead = Mutex<PageElement?>(nil)
    /// Orca's browse and focus modes, whose switches the Orca style says.
    private let modes = Mutex(OrcaModes())
    /// The page nodes read in this step: a second focus event for a node that has not changed since it was
    /// read (a windowed Chromium sends one on End, and on Shift+Tab into a radio group) is not read again.
    private let readInStep = Mutex<Set<Int>>([])
    /// The key the step's action pressed, for a style that says what a key changed (Orca's "selected" after Space).
    private let pressed = Mutex<Key?>(nil)
    private let arrived = DispatchSemaphore(value: 0)

    public init(flow: Flow, profile: VoiceProfile) {
        self.flow = flow
        self.profile = profile
    }

    /// What `WebPage.open` calls with each change of the page.
    public func hear(_ change: PageChange) {
        changes.withLock { $0.append(change) }
        arrived.signal()
    }

    /// Runs every step; one result per expectation, and what each step said, for the report.
    public func run(page: WebPage, speaker: some FlowSpeaker) -> (results: [CheckResult], heard: [HeardStep]) {
        let composer = PhraseComposer(profile: profile, style: style)
        var results: [CheckResult] = []
        var heardSteps: [HeardStep] = []
        var reading: String?
        var spokenIDs: [String] = []
        _ = takeChanges()
        for (index, step) in flow.steps.enumerated() {
            let number = index + 1
            onStep?(number, flow.steps.count)
            let action = FlowChecker.describe(step.action)
            if step.action.isUserAction, let previous = reading {
                speaker.cancel(previous)
                reading = nil
            }
            let start: MonotonicInstant
            var keySent: UInt64?
            do throws(WebError) {
                // Moving to a named element is not the page's doing: its focus move is not read.
                try prepare(step.action, on: page)
                reader?.settle()
                // What came before the action (the page's own timers, a previous step's stragglers) is not this step's.
                _ = takeChanges()
                readInStep.withLock { $0.removeAll() }
                start = MonotonicInstant.now()
                keySent = try perform(step.action, on: page)
            } catch {
                results.append(CheckResult(step: number, line: step.line, action: action, kind: .step, passed: false,
                                           message: "The step could not be carried out: \(error.description)"))
                heardSteps.append(HeardStep(number: number, line: step.line, action: action, isUserAction: step.action.isUserAction,
                                            screen: "page", focusAfter: nil, utterances: []))
                continue
            }
            // Speak each change as it comes, until the page has been quiet for a while.
            var sent: [(utterance: Utterance, id: String?)] = []
            var lastChange = MonotonicInstant.now()
            while MonotonicInstant.now().since(start) < Self.longestStep {
                let quietFor = MonotonicInstant.now().since(lastChange)
                // Quiet long enough, unless the step still waits for phrases it expects: a late one is
                // heard in its step, up to `longestStep`, and so reported late rather than missing.
                if quietFor >= Self.settling, sent.count >= (step.expectation.says?.count ?? 0) { break }
                let wait = quietFor >= Self.settling ? Duration.milliseconds(100) : Self.settling - quietFor
                _ = arrived.wait(timeout: .now() + .microseconds(Int(wait.components.seconds * 1_000_000 + wait.components.attoseconds / 1_000_000_000_000)))
                // By arrival, not by the page's clock, which may be a little off ours.
                for change in takeChanges() {
                    lastChange = MonotonicInstant.now()
                    guard let utterance = utterance(for: change, start: start, page: page, composer: composer) else { continue }
                    if case .focus = utterance.kind, let previous = reading { speaker.cancel(previous) }
                    let id = try? speaker.say(utterance)
                    if case .focus = utterance.kind { reading = id }
                    if let id, utterance.isAnnouncement { onAnnouncement?(id, utterance, start.microseconds, change.time) }
                    if let id { spokenIDs.append(id) }
                    sent.append((utterance, id))
                }
            }
            let heard = sent.map { entry in entry.id.flatMap { speaker.waitUntilHeardOrEnded($0, timeout: FlowChecker.hearingTimeout) } }
            let focused = (try? PageReader.focusedElement(page)) ?? nil
            let focusName = focused.map { Self.name(of: $0, matching: step.expectation.focus) }
            // A page's focus order is the order Tab takes, from the top; focus goes back where it was.
            var tabOrder: [ElementID] = []
            if step.expectation.focusOrder != nil {
                tabOrder = (try? Self.tabOrder(of: page)) ?? []
                // The Tab presses' own focus events come back a moment later; they are not the next step's.
                settleAfterOwnFocusMoves()
            }
            results += FlowChecker.evaluate(step, number: number, action: action, focus: focusName, focusOrder: tabOrder,
                                            sent: sent.map(\.utterance), heard: heard, start: start, poster: "page")
            var readerSaid: [ReaderUtterance] = []
            if let reader {
                let expected = step.expectation.saysByReader[reader.reader]
                readerSaid = reader.said(since: keySent ?? start.microseconds, expecting: expected?.count ?? 0)
                results += FlowChecker.evaluate(step, number: number, action: action, reader: reader.reader, said: readerSaid,
                                                announcements: sent.map(\.utterance).filter(\.isAnnouncement).map(\.text))
            }
            heardSteps.append(HeardStep(
                number: number, line: step.line, action: action, isUserAction: step.action.isUserAction, screen: "page",
                focusAfter: focused?.element.id,
                utterances: zip(sent, heard).map { entry, times in
                    HeardUtterance(text: entry.utterance.text, kind: entry.utterance.kind, politeness: entry.utterance.politeness, id: entry.id,
                                   latencyMilliseconds: times?.firstAudio.map { Double(Int64($0) - Int64(start.microseconds)) / 1_000 },
                                   outcome: times?.outcome, appDelayMilliseconds: entry.utterance.delayMilliseconds)
                },
                focusOrder: step.expectation.focusOrder.map { FocusOrderComparison(expected: $0, actual: tabOrder) },
                readerUtterances: readerSaid
            ))
            _ = speaker.waitUntilEnded(sent.filter(\.utterance.isAnnouncement).compactMap(\.id), timeout: FlowChecker.endingTimeout)
        }
        _ = speaker.waitUntilEnded(spokenIDs, timeout: FlowChecker.endingTimeout)
        return (results, heardSteps)
    }

    /// Waits until no change has arrived for 150 ms (a second at most), then drops what came.
    private func settleAfterOwnFocusMoves() {
        let deadline = DispatchTime.now() + 1
        while arrived.wait(timeout: .now() + .milliseconds(150)) == .success, DispatchTime.now() < deadline {}
        _ = takeChanges()
    }

    private func takeChanges() -> [PageChange] {
        changes.withLock { pending in
            defer { pending.removeAll() }
            return pending.sorted { $0.time < $1.time }
        }
    }

    /// A focus move is read as the element now focused; a live region's change is announced.
    private func utterance(for change: PageChange, start: MonotonicInstant, page: WebPage, composer: PhraseComposer) -> Utterance? {
        let delay = Int((Double(change.time) - Double(start.microseconds)) / 1_000)
        switch change.kind {
        case let .live(region, politeness, text):
            return Utterance(text: text, kind: .announcement, politeness: politeness, region: region, delayMilliseconds: max(0, delay))
        case .focus:
            guard let focused = (try? PageReader.focusedElement(page)) ?? nil else { return nil }
            let previous = lastRead.withLock { last in defer { last = focused }; return last }
            let again = previous?.backendNodeId == focused.backendNodeId && previous?.element == focused.element
            if readInStep.withLock({ read in defer { read.insert(focused.backendNodeId) }; return again && read.contains(focused.backendNodeId) }) {
                return nil
            }
            if composer.style.saysChangesOnly, let previous, previous.backendNodeId == focused.backendNodeId,
               let change = composer.change(from: previous.element, to: focused.element, key: pressed.withLock { $0 }) {
                return Utterance(text: change, kind: .focus(focused.element.id), politeness: .polite)
            }
            let (entering, leaving) = ContextContainer.moves(from: previous?.element.context ?? [], to: focused.element.context)
            var phrase = composer.phrase(for: focused.element, entering: entering, leaving: leaving, previous: previous?.element)
            if previous?.backendNodeId != focused.backendNodeId {
                phrase = composer.phrase(phrase, then: modes.withLock { $0.focusMoved(to: focused.element) })
            }
            return Utterance(text: phrase, kind: .focus(focused.element.id), politeness: .polite)
        }
    }

    /// The ids of what Tab reaches from the top of the page, named as `flow import` names them; focus
    /// is put back where it was afterwards.
    static func tabOrder(of page: WebPage) throws(WebError) -> [ElementID] {
        let before = try page.focusedNode()
        let snapshot = try PageReader.read(page)
        if let before { try page.send(DOM.Focus(backendNodeId: before)) }
        return snapshot.tabOrder
    }

    /// The expected name when the focused element answers to it (its label or its page id), else its id.
    static func name(of element: PageElement, matching expected: ElementID?) -> ElementID {
        guard let expected else { return element.element.id }
        return expected.rawValue == element.element.label || expected == element.element.id ? expected : element.element.id
    }

    /// Focus on the element a step names, before its clock starts; the focus move's own events are dropped.
    private func prepare(_ action: StepAction, on page: WebPage) throws(WebError) {
        let target: ElementID? = switch action {
        case let .activate(target): target
        case let .type(_, into): into
        case let .touch(target): target
        case let .press(_, on): on
        default: nil
        }
        guard let target else { return }
        let before = try page.focusedNode()
        let moved = try focus(target, on: page) != before
        // The focus move's own event comes back from the page a moment later: wait for it, then drop it.
        if moved {
            let deadline = DispatchTime.now() + 1
            while !changes.withLock({ $0.contains { $0.kind == .focus } }), arrived.wait(timeout: deadline) == .success {}
        }
        _ = takeChanges()
    }

    /// Carries out the action; returns when its key was sent to the real screen reader, if one is in the loop.
    private func perform(_ action: StepAction, on page: WebPage) throws(WebError) -> UInt64? {
        switch action {
        case .next: return try press(KeyChord(key: .tab), on: page)
        case .previous: return try press(KeyChord(modifiers: [.shift], key: .tab), on: page)
        case .activate:
            let focused = try PageReader.focusedElement(page)
            // A check box, switch or radio button is toggled by Space; a button or link by Enter.
            if let role = focused?.element.role, role.isToggle {
                let sent = try press(KeyChord(key: .space), on: page)
                // A switch or check box that was flipped is read again, as a screen reader reads a state change.
                Thread.sleep(forTimeInterval: 0.05)
                hear(PageChange(kind: .focus, time: MonotonicInstant.now().microseconds))
                return sent
            }
            return try press(KeyChord(key: .enter), on: page)
        case let .press(chord, _):
            let before = try PageReader.focusedElement(page)
            let sent = try press(chord, on: page)
            readIfChangedInPlace(since: before, on: page)
            return sent
        case let .type(text, _):
            _ = try page.evaluate("(() => { const field = document.activeElement; if (field && field.select) field.select(); return null; })()")
            var sent: UInt64?
            if let reader { sent = try reader.type(text) } else { try page.send(Input.InsertText(text: text)) }
            // The field is read again with what was typed, as flow check does.
            hear(PageChange(kind: .focus, time: MonotonicInstant.now().microseconds))
            return sent
        case .touch:
            // Focus went there before the clock started; touching reads it.
            hear(PageChange(kind: .focus, time: MonotonicInstant.now().microseconds))
        case let .wait(milliseconds): Thread.sleep(forTimeInterval: Double(milliseconds) / 1_000)
        case .check, .app: break
        }
        return nil
    }

    /// A key that changes the focused element without moving focus (an arrow in a slider, a list box that
    /// follows `aria-activedescendant`, Space on a check box) is heard as a screen reader hears it: the
    /// element is read again. A key that moved focus is read by its focus move, once.
    private func readIfChangedInPlace(since before: PageElement?, on page: WebPage) {
        let deadline = DispatchTime.now() + .milliseconds(300)
        while DispatchTime.now() < deadline {
            if changes.withLock({ $0.contains { $0.kind == .focus } }) { return }
            Thread.sleep(forTimeInterval: 0.03)
        }
        guard let after = (try? PageReader.focusedElement(page)) ?? nil else { return }
        if after.backendNodeId != before?.backendNodeId || after.element != before?.element {
            hear(PageChange(kind: .focus, time: MonotonicInstant.now().microseconds))
        }
    }

    /// A real key press the screen reader hears, when one is in the loop; else DevTools key events.
    private func press(_ chord: KeyChord, on page: WebPage) throws(WebError) -> UInt64? {
        pressed.withLock { $0 = chord.modifiers.isEmpty ? chord.key : nil }
        if let reader { return try reader.press(chord) }
        try page.press(chord)
        return nil
    }

    /// Moves focus to the element whose label or page id is `target`, as touching it would.
    @discardableResult
    private func focus(_ target: ElementID, on page: WebPage) throws(WebError) -> Int {
        let snapshot = try PageReader.read(page, tabOrder: false)
        guard let match = snapshot.elements.first(where: { $0.backendNodeId != 0 && ($0.element.label == target.rawValue || $0.element.id == target) }) else {
            throw .pageScript("no element on the page is labelled or named \"\(target)\"")
        }
        try page.send(DOM.Focus(backendNodeId: match.backendNodeId))
        return match.backendNodeId
    }
}

import DevToolsProtocol
