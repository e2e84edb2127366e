public import AnnouncerCore

/// Maps what `flow check` found (each expectation's result, each lint check, and what each step said and
/// when) onto the WCAG 2.2 success criteria it gives evidence for, screen by screen (docs/FLOWS.md, "Audit report").
public enum FlowAudit {
    /// Every criterion that is `alwaysReported`, and every other that the page's checks found something for,
    /// for every screen of the flow, criterion by criterion, then screen by screen. The page's findings
    /// belong to a flow of a real page, whose one screen is that page.
    /// Not `timed` (rendered faster than real time), what was announced is evidence without its times.
    public static func audit(
        flow: Flow, results: [CheckResult], lint: [LintFinding], heard: [HeardStep], page: [PageFinding] = [], timed: Bool = true
    ) -> [CriterionFinding] {
        var auditor = Auditor(flow: flow, results: results, lint: lint, heard: heard, page: page)
        auditor.timed = timed
        let found = Set(page.map(\.criterion))
        return WCAGCriterion.allCases.filter { $0.alwaysReported || found.contains($0) }.flatMap { criterion in
            flow.screens.map { auditor.finding(criterion, on: $0) }
        }
    }
}

private struct Auditor {
    let flow: Flow
    let results: [CheckResult]
    let lint: [LintFinding]
    let heard: [HeardStep]
    let page: [PageFinding]
    let words: AuditWords
    var timed = true
    /// The check's and the lint's own sentences are English.
    let english = Language(code: "en")!

    init(flow: Flow, results: [CheckResult], lint: [LintFinding], heard: [HeardStep], page: [PageFinding]) {
        self.flow = flow
        self.results = results
        self.lint = lint
        self.heard = heard
        self.page = page
        words = AuditWords(language: flow.language)
    }

    func finding(_ criterion: WCAGCriterion, on screen: Screen) -> CriterionFinding {
        var (evidence, otherwise) = criterion.alwaysReported ? gather(criterion, on: screen) : ([], .notTested)
        evidence += pageEvidence(criterion)
        var verdict = Self.verdict(evidence, otherwise: otherwise)
        // A password field whose paste nobody declared leaves the criterion open, whatever else passed.
        if criterion == .accessibleAuthenticationMinimum, verdict == .passed, evidence.contains(where: { $0.passed == nil }) {
            verdict = .notTested
        }
        return CriterionFinding(criterion: criterion, screen: screen.id, verdict: verdict, evidence: evidence)
    }

    /// Any failure fails; otherwise any pass passes; otherwise the criterion is `otherwise`.
    static func verdict(_ evidence: [AuditEvidence], otherwise: AuditVerdict) -> AuditVerdict {
        if evidence.contains(where: { $0.passed == false }) { return .failed }
        if evidence.contains(where: { $0.passed == true }) { return .passed }
        return otherwise
    }

    // MARK: - Sources of evidence

    /// What the checks of the real page found for `criterion`, beside what the steps found.
    private func pageEvidence(_ criterion: WCAGCriterion) -> [AuditEvidence] {
        guard flow.page != nil else { return [] }
        return page.filter { $0.criterion == criterion }.map { finding in
            let by = finding.tool == .axe ? "axe-core, rule \(finding.rule)" : "Layout check \(finding.rule)"
            return AuditEvidence(text: "\(by): \(finding.text)", language: english, passed: finding.passed)
        }
    }

    private func steps(on screen: Screen) -> [HeardStep] { heard.filter { $0.screen == screen.id } }

    private func results(of steps: [HeardStep], kinds: Set<CheckResult.Kind>) -> [AuditEvidence] {
        let numbers = Set(steps.map(\.number))
        return results.filter { numbers.contains($0.step) && kinds.contains($0.kind) }.map(evidence)
    }

    private func lint(on screen: Screen, _ rules: Set<LintRule>, about ids: Set<ElementID>? = nil) -> [AuditEvidence] {
        lint.filter { finding in
            finding.screen == screen.id && rules.contains(finding.rule) && (ids.map { finding.element.map($0.contains) ?? false } ?? true)
        }.map { finding in
            let translated = words.sentence(for: finding, on: screen, in: flow)
            return AuditEvidence(text: translated ?? finding.message, language: translated == nil ? english : flow.language,
                                 passed: finding.passed, line: finding.line,
                                 colours: finding.rule == .contrast ? finding.element.flatMap { screen.element($0)?.colours } : nil)
        }
    }

    private func evidence(_ result: CheckResult) -> AuditEvidence {
        let translated = words.sentence(for: result)
        return AuditEvidence(text: translated ?? result.message, language: translated == nil ? english : flow.language,
                             passed: result.passed, step: result.step, line: result.line)
    }

    private func note(_ text: String, passed: Bool? = nil, line: Int? = nil) -> AuditEvidence {
        AuditEvidence(text: text, language: flow.language, passed: passed, line: line)
    }

    private static func everyElement(of screen: Screen) -> [Element] {
        screen.elements.flatMap { [$0] + $0.children }
    }

    /// A step that makes an announcement the user must not miss: the app's assertive live-region message, its errors.
    private static func announcesError(_ step: HeardStep) -> Bool {
        step.utterances.contains { $0.kind == .announcement && $0.politeness == .assertive }
    }

    // MARK: - Criteria

    private func gather(_ criterion: WCAGCriterion, on screen: Screen) -> ([AuditEvidence], AuditVerdict) {
        let elements = Self.everyElement(of: screen)
        let onScreen = steps(on: screen)
        switch criterion {
        case .nonTextContent:
            let images = elements.filter { $0.role == .image || $0.role == .imageButton }
            if images.isEmpty { return ([note(words.nothingFor(criterion))], .notApplicable) }
            var evidence: [AuditEvidence] = images.compactMap { image in
                let unlabelled = image.label.allSatisfy(\.isWhitespace)
                if image.role == .image {
                    return unlabelled ? note(words.decorativeImage(image.id), line: image.line) : note(words.imageLabelled(image), passed: true, line: image.line)
                }
                return nil
            }
            evidence += lint(on: screen, [.label], about: Set(images.filter { $0.role == .imageButton }.map(\.id)))
            return (evidence, .notTested)

        case .infoAndRelationships:
            var evidence = lint(on: screen, [.errorAttached, .group])
            let headings = elements.filter { $0.role == .header && !$0.hidden }.map(\.label)
            if !headings.isEmpty { evidence.insert(note(words.headings(headings)), at: 0) }
            evidence += results(of: onScreen.filter(Self.announcesError), kinds: [.says])
            return (evidence, .notTested)

        case .contrastMinimum:
            let evidence = lint(on: screen, [.contrast])
            return evidence.isEmpty ? ([note(words.nothingFor(criterion))], .notTested) : (evidence, .notTested)

        case .keyboard:
            var evidence = [note(words.keyboardNote)]
            let userSteps = onScreen.filter(\.isUserAction)
            let stuck = results(of: userSteps, kinds: [.step])
            let done = userSteps.count - Set(stuck.compactMap(\.step)).count
            if done > 0 { evidence.append(note(words.stepsDoneByKeyboard(done), passed: true)) }
            evidence += stuck
            let reached = Set(onScreen.compactMap(\.focusAfter))
            for element in screen.swipeStops where element.isInteractive && !element.hidden {
                let ids = [element.id] + element.children.map(\.id)
                if reached.isDisjoint(with: ids) { evidence.append(note(words.notReachedByStep(element), line: element.line)) }
            }
            return (evidence, .notTested)

        case .focusOrder:
            var evidence = lint(on: screen, [.focusOrder, .bannerFocus])
            evidence += results(of: onScreen, kinds: [.focusOrder, .focus])
            // What a swipe reads shows the order; what a touch, a tap or typing reads shows the element (4.1.2).
            evidence += results(of: onScreen.filter(\.isSwipe), kinds: [.says])
            return (evidence, .notTested)

        case .headingsAndLabels:
            var evidence = lint(on: screen, [.label])
            let headings = elements.filter { $0.role == .header }.map(\.label)
            if !headings.isEmpty { evidence.insert(note(words.headings(headings)), at: 0) }
            if !evidence.isEmpty { evidence.append(note(words.labelsDescribeNote)) }
            return (evidence, .notTested)

        case .labelInName:
            return ([note(words.labelInNameNote)], .notTested)

        case .errorIdentification:
            let checked = elements.filter { $0.validation != nil || $0.error != nil }
            let errorSteps = onScreen.filter(Self.announcesError)
            if checked.isEmpty, errorSteps.isEmpty { return ([note(words.nothingFor(criterion))], .notApplicable) }
            var evidence = lint(on: screen, [.errorAttached])
            evidence += results(of: errorSteps, kinds: [.says])
            if errorSteps.isEmpty { evidence.append(note(words.noErrorStep)) }
            return (evidence, .notTested)

        case .labelsOrInstructions:
            let fields = elements.filter(\.role.isTextField)
            if fields.isEmpty { return ([note(words.nothingFor(criterion))], .notApplicable) }
            let evidence = fields.map { field in
                field.label.allSatisfy(\.isWhitespace)
                    ? note(words.fieldUnlabelled(field), passed: false, line: field.line)
                    : note(words.fieldLabelled(field), passed: true, line: field.line)
            }
            return (evidence, .notTested)

        case .accessibleAuthenticationMinimum:
            var evidence: [AuditEvidence] = []
            for field in elements where field.role == .secureTextField {
                switch field.pasteAllowed {
                case true?: evidence.append(note(words.pasteAllowed(field), passed: true, line: field.line))
                case false?: evidence.append(note(words.pasteBlocked(field), passed: false, line: field.line))
                case nil: evidence.append(note(words.pasteUnknown(field), line: field.line))
                }
            }
            for test in elements {
                guard let cognitive = test.cognitiveTest else { continue }
                if let id = cognitive.alternative, let alternative = flow.screens.lazy.compactMap({ $0.element(id) }).first {
                    evidence.append(note(words.cognitiveAlternative(test, alternative), passed: true, line: test.line))
                } else {
                    evidence.append(note(words.cognitiveWithoutAlternative(test), passed: false, line: test.line))
                }
            }
            if evidence.isEmpty { return ([note(words.nothingFor(criterion))], .notApplicable) }
            return (evidence, .notTested)

        case .statusMessages:
            let announcing = onScreen.filter { $0.utterances.contains { $0.kind == .announcement } }
            if announcing.isEmpty { return ([note(words.nothingFor(criterion))], .notApplicable) }
            var evidence: [AuditEvidence] = []
            for step in announcing {
                for utterance in step.utterances where utterance.kind == .announcement {
                    evidence.append(AuditEvidence(
                        text: words.announcedWithoutFocus(utterance.text, politeness: utterance.politeness, latency: utterance.latencyMilliseconds,
                                                          appDelay: utterance.appDelayMilliseconds, timed: timed),
                        language: flow.language, passed: utterance.latencyMilliseconds != nil, step: step.number, line: step.line
                    ))
                }
                if let limit = flow.steps[step.number - 1].expectation.withinMilliseconds, limit > 500 {
                    evidence.append(AuditEvidence(text: words.limitAboveRequirement(limit, step: step.number), language: flow.language,
                                                  passed: false, step: step.number, line: step.line))
                }
            }
            evidence += results(of: announcing, kinds: [.within])
            return (evidence, .notTested)

        case .nameRoleValue:
            var evidence = lint(on: screen, [.label])
            evidence += results(of: onScreen.filter { $0.isUserAction && !$0.isSwipe }, kinds: [.says])
            return (evidence, .notTested)

        default:
            // The criteria the flow's own checks do not speak to: only a real page's checks do (`pageEvidence`).
            return ([], .notTested)
        }
    }
}
