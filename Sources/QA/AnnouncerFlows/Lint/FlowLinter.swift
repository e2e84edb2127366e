import Foundation

/// The screen lint of `announce flow check`: labels, focus order, errors on fields, contrast, groups and
/// banners, with one finding for every check made, passed or failed (docs/FLOWS.md, "Lint").
public enum FlowLinter {
    /// Every check made on every screen of `flow`, screen by screen in file order, then rule by rule
    /// (`LintRule` order), then top to bottom.
    public static func lint(_ flow: Flow) -> [LintFinding] {
        var linter = Linter(flow: flow)
        for screen in flow.screens {
            linter.labels(on: screen)
            linter.focusOrder(of: screen)
            linter.errors(on: screen)
            linter.contrast(on: screen)
            linter.groups(on: screen)
            linter.bannersAtOpen(on: screen)
            for element in screen.elements.flatMap({ [$0] + $0.children }) where !element.onActivate.isEmpty {
                linter.reactions(element.onActivate, by: "Activating \(Linter.name(element))", actor: LintActor(activating: element.id), line: element.line)
            }
        }
        for step in flow.steps {
            guard case let .app(reactions) = step.action else { continue }
            let actor = step.line.map { "The app step at line \($0)" } ?? "An app step"
            linter.reactions(reactions, by: actor, actor: LintActor(stepLine: step.line), line: step.line)
        }
        return linter.sorted()
    }

    /// A contrast ratio as printed: one decimal, rounded down, so that 4.48 prints as 4.4:1 and a failing
    /// ratio never prints as one that passes; the pass or fail itself is decided on the exact ratio.
    public static func ratioText(_ ratio: Double) -> String {
        let tenths = Int((ratio * 10).rounded(.down))
        return "\(tenths / 10).\(tenths % 10):1"
    }
}

/// The checks, collecting findings as they go.
private struct Linter {
    let flow: Flow
    /// Every element of the flow, group children too, with the index of its screen.
    let places: [ElementID: (screen: Int, element: Element)]
    var findings: [LintFinding] = []

    init(flow: Flow) {
        self.flow = flow
        var places: [ElementID: (screen: Int, element: Element)] = [:]
        for (index, screen) in flow.screens.enumerated() {
            for element in screen.elements.flatMap({ [$0] + $0.children }) where places[element.id] == nil {
                places[element.id] = (index, element)
            }
        }
        self.places = places
    }

    /// By screen, then rule; within those, in the order the checks were made (top to bottom).
    func sorted() -> [LintFinding] {
        let screenIndex = Dictionary(flow.screens.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        return findings.enumerated().sorted { a, b in
            let keyA = (screenIndex[a.element.screen] ?? .max, a.element.rule), keyB = (screenIndex[b.element.screen] ?? .max, b.element.rule)
            if keyA.0 != keyB.0 { return keyA.0 < keyB.0 }
            if keyA.1 != keyB.1 { return keyA.1 < keyB.1 }
            return a.offset < b.offset
        }.map(\.element)
    }

    private mutating func add(
        _ rule: LintRule, _ screen: ScreenID, _ element: ElementID?, passed: Bool, _ message: String,
        line: Int?, ratio: Double? = nil, detail: LintDetail? = nil
    ) {
        findings.append(LintFinding(
            rule: rule, screen: screen, element: element, passed: passed, message: message, line: line, contrastRatio: ratio, detail: detail
        ))
    }

    // MARK: - label

    /// Interactive elements, hidden ones too since they will be shown. A group holding an interactive
    /// element is one swipe stop read as its own label and its children's, so it is checked as a whole
    /// and its children are not checked on their own.
    mutating func labels(on screen: Screen) {
        for element in screen.elements where element.isInteractive {
            let role = Self.roleWord(element.role)
            if element.role == .group {
                let labelled = !Self.isBlank(element.label) || element.children.contains { !Self.isBlank($0.label) }
                add(.label, screen.id, element.id, passed: labelled, labelled
                    ? "The group \(Self.name(element)) has a label."
                    : "The group with the id \(element.id) has no label, and none of its elements has one, so a screen reader says only its role; give it a label that says what it is.",
                    line: element.line, detail: labelled ? nil : .groupWithoutLabel)
            } else if Self.isBlank(element.label) {
                add(.label, screen.id, element.id, passed: false,
                    "The \(role) with the id \(element.id) has no label, so a screen reader says only its role; give it a label that says what it does.",
                    line: element.line, detail: .withoutLabel(role: element.role))
            } else if element.role.isToggle, let labelWhenOn = element.labelWhenOn, Self.isBlank(labelWhenOn) {
                add(.label, screen.id, element.id, passed: false,
                    "The \(role) \(Self.name(element)) has an empty label_on, so while it is on a screen reader says only its role; give label_on a label or leave it out.",
                    line: element.line, detail: .emptyLabelOn)
            } else {
                add(.label, screen.id, element.id, passed: true, "The \(role) \(Self.name(element)) has a label.", line: element.line)
            }
        }
    }

    // MARK: - focus_order

    /// Without `focus_order` the swipe order is the file's, which is top to bottom. With one, it must name
    /// every visible swipe stop once, only swipe stops of this screen, and keep them top to bottom unless
    /// `focus_order_reason` says why not.
    mutating func focusOrder(of screen: Screen) {
        let screenName = Self.name(screen)
        let stops = Self.swipeStops(of: screen)
        guard let order = screen.focusOrder else {
            add(.focusOrder, screen.id, nil, passed: true,
                "The focus order of screen \(screenName) is top to bottom, as the elements are listed: \(Self.list(stops.filter { !$0.hidden }.map(\.id))).",
                line: screen.line)
            return
        }
        let stopIDs = stops.map(\.id)
        var named: [ElementID] = []
        var twice: [ElementID] = []
        for id in order {
            if named.contains(id) || twice.contains(id) {
                if !twice.contains(id) { twice.append(id) }
                continue
            }
            guard stopIDs.contains(id) else {
                add(.focusOrder, screen.id, id, passed: false,
                    "The focus order of screen \(screenName) names \(notAStop(id, on: screen)).", line: screen.line,
                    detail: .notAStop(whyNotAStop(id, on: screen)))
                continue
            }
            named.append(id)
        }
        for id in twice {
            add(.focusOrder, screen.id, id, passed: false,
                "The focus order of screen \(screenName) names \(name(id)) more than once; each element is one swipe stop.",
                line: screen.line, detail: .namedTwice)
        }
        for element in stops where !element.hidden && !order.contains(element.id) {
            // The session puts a left-out element after all the named ones, wherever it is on the screen.
            add(.focusOrder, screen.id, element.id, passed: false,
                "The focus order of screen \(screenName) leaves out \(Self.name(element)), so a screen reader reaches it only after everything else; name it where it belongs.",
                line: element.line, detail: .leftOut)
        }
        let topToBottom = stopIDs.filter(named.contains)
        if named == topToBottom {
            add(.focusOrder, screen.id, nil, passed: true,
                "The focus order of screen \(screenName), \(Self.list(named)), is top to bottom.", line: screen.line)
        } else if let reason = screen.focusOrderReason, !Self.isBlank(reason) {
            add(.focusOrder, screen.id, nil, passed: true,
                "The focus order of screen \(screenName), \(Self.list(named)), is not top to bottom, for a reason given: \(Self.sentence(reason))",
                line: screen.line)
        } else {
            let first = zip(named, topToBottom).first { $0 != $1 }?.0
            add(.focusOrder, screen.id, first, passed: false,
                "The focus order of screen \(screenName) is \(Self.list(named)), but top to bottom it is \(Self.list(topToBottom)); put it top to bottom, or give focus_order_reason if this order is meant.",
                line: screen.line, detail: .notTopToBottom(order: named, topToBottom: topToBottom))
        }
    }

    /// Why `id` in a focus order is not one of the screen's swipe stops.
    private func notAStop(_ id: ElementID, on screen: Screen) -> String {
        if let group = screen.elements.first(where: { $0.children.contains { $0.id == id } }) {
            return "\(name(id)), which is inside the group \(Self.name(group)); a group is one swipe stop, so name the group instead"
        }
        if let element = screen.elements.first(where: { $0.id == id }) {
            return "\(Self.name(element)), an image without a label, which a screen reader skips"
        }
        if let place = places[id] {
            return "\(name(id)), which is on screen \(Self.name(flow.screens[place.screen])), not on this one"
        }
        return "\(id), which is not an element of this flow"
    }

    /// `notAStop`'s reason as a value.
    private func whyNotAStop(_ id: ElementID, on screen: Screen) -> LintDetail.NotAStop {
        if let group = screen.elements.first(where: { $0.children.contains { $0.id == id } }) { return .insideGroup(group.id) }
        if screen.elements.contains(where: { $0.id == id }) { return .unlabelledImage }
        if let place = places[id] { return .onScreen(flow.screens[place.screen].id) }
        return .notInFlow
    }

    // MARK: - error_attached

    /// `error:` and `validate:` belong on text fields, the only elements whose error is read with them.
    mutating func errors(on screen: Screen) {
        for element in screen.elements.flatMap({ [$0] + $0.children }) {
            let isField = element.role.isTextField
            if let error = element.error, !Self.isBlank(error) {
                add(.errorAttached, screen.id, element.id, passed: isField, isField
                    ? "The error \"\(error)\" is attached to the field \(Self.name(element))."
                    : "The error \"\(error)\" is on \(Self.name(element)), \(Self.withArticle(element.role)), not on a field; attach it to the text field it is about, so it is read with that field.",
                    line: element.line, detail: .error(text: error, role: element.role, validation: false, actor: nil))
            }
            if let validation = element.validation {
                add(.errorAttached, screen.id, element.id, passed: isField, isField
                    ? "The validation error \"\(validation.error)\" is attached to the field \(Self.name(element))."
                    : "The validation error \"\(validation.error)\" is on \(Self.name(element)), \(Self.withArticle(element.role)), not on a field; validate the text field it is about, so the error is read with that field.",
                    line: element.line, detail: .error(text: validation.error, role: element.role, validation: true, actor: nil))
            }
        }
    }

    // MARK: - contrast

    /// Every element and group child with colours, hidden ones too; the decision uses the exact ratio.
    mutating func contrast(on screen: Screen) {
        for element in screen.elements.flatMap({ [$0] + $0.children }) {
            guard let pair = element.colours else { continue }
            let ratio = pair.contrastRatio
            let passed = ratio >= pair.requiredRatio
            let needed = pair.large ? "3:1 is needed for large text" : "4.5:1 is needed\(passed ? "" : " for normal text")"
            add(.contrast, screen.id, element.id, passed: passed,
                "Contrast of \(Self.name(element)): \(pair.text) on \(pair.background) is \(FlowLinter.ratioText(ratio)); at least \(needed).",
                line: element.line, ratio: ratio)
        }
    }

    // MARK: - group

    /// A group is one swipe stop and activating it reaches only its first interactive element.
    mutating func groups(on screen: Screen) {
        for group in screen.elements where group.role == .group {
            let interactive = group.children.filter(\.isInteractive)
            let message = switch interactive.count {
            case 0: "The group \(Self.name(group)) holds no interactive element."
            case 1: "The group \(Self.name(group)) holds one interactive element, \(Self.name(interactive[0]))."
            default:
                "The group \(Self.name(group)) holds \(interactive.count) interactive elements: \(Self.spokenList(interactive.map { Self.name($0) })); a group is one swipe stop and activating it reaches only \(Self.name(interactive[0])), so give each its own stop."
            }
            add(.group, screen.id, group.id, passed: interactive.count <= 1, message, line: group.line,
                detail: interactive.count > 1 ? .crowdedGroup(interactive: interactive.map(\.id)) : nil)
        }
    }

    // MARK: - banner_focus

    /// A banner visible when the screen opens comes before every element that is not a banner in the
    /// swipe order, so it is what the screen reader reads first.
    mutating func bannersAtOpen(on screen: Screen) {
        let order = Self.orderAtOpen(of: screen)
        for banner in screen.elements where banner.role == .banner && !banner.hidden {
            let before = order.prefix { $0 != banner.id }.compactMap { id in screen.elements.first { $0.id == id } }
            let first = before.first { $0.role != .banner }
            add(.bannerFocus, screen.id, banner.id, passed: first == nil, first.map {
                "The banner \(Self.name(banner)) is shown when screen \(Self.name(screen)) opens, but comes after \(Self.name($0)) in the focus order; put it first, so it is read when the screen opens."
            } ?? "The banner \(Self.name(banner)) is shown when screen \(Self.name(screen)) opens and is first in the focus order.",
                line: banner.line, detail: first.map { .bannerAfter($0.id) })
        }
    }

    /// Walks a reaction list and the lists nested in its submits: a `show` of a banner must be followed in
    /// the same list by a focus on it; a `set` that puts an error on an element must put it on a field.
    mutating func reactions(_ list: [Reaction], by actor: String, actor who: LintActor, line: Int?) {
        for (index, reaction) in list.enumerated() {
            switch reaction {
            case let .show(id):
                guard let place = places[id], place.element.role == .banner else { continue }
                let banner = place.element
                let focused = list[(index + 1)...].contains(.focus(.element(id)))
                add(.bannerFocus, flow.screens[place.screen].id, id, passed: focused, focused
                    ? "\(actor) shows the banner \(Self.name(banner)) and moves focus to it."
                    : "\(actor) shows the banner \(Self.name(banner)) but does not move focus to it; add focus: \(id) after the show, so the banner is read.",
                    line: line ?? banner.line, detail: .bannerShown(actor: who))
            case let .set(id, change):
                guard let error = change.error, !Self.isBlank(error), let place = places[id] else { continue }
                let target = place.element
                let isField = target.role.isTextField
                add(.errorAttached, flow.screens[place.screen].id, id, passed: isField, isField
                    ? "\(actor) puts the error \"\(error)\" on the field \(Self.name(target))."
                    : "\(actor) puts the error \"\(error)\" on \(Self.name(target)), \(Self.withArticle(target.role)), not on a field; put it on the text field it is about, so it is read with that field.",
                    line: line ?? target.line, detail: .error(text: error, role: target.role, validation: false, actor: who))
            case let .submit(_, invalid, valid):
                var whenInvalid = who, whenValid = who
                whenInvalid.formValid = false
                whenValid.formValid = true
                reactions(invalid, by: "\(actor), when the form is invalid,", actor: whenInvalid, line: line)
                reactions(valid, by: "\(actor), when the form is valid,", actor: whenValid, line: line)
            default:
                continue
            }
        }
    }

    // MARK: - Swipe stops

    /// The screen's own rule, the one `FlowSession` moves by.
    static func swipeStops(of screen: Screen) -> [Element] { screen.swipeStops }

    /// The swipe order when the screen opens, as `FlowSession` makes it.
    static func orderAtOpen(of screen: Screen) -> [ElementID] { screen.swipeOrder }

    // MARK: - Words

    /// `"Sign in" (sign-in)`: the label (a group's own or its children's, a banner's or text's value when it
    /// has no label) and the id; `the unlabelled button (sign-in)` when there is nothing to quote.
    static func name(_ element: Element) -> String {
        var text = element.label
        if isBlank(text), element.role == .group {
            text = element.children.map(\.label).filter { !isBlank($0) }.joined(separator: ", ")
        }
        if isBlank(text), !element.role.isTextField { text = element.value ?? "" }
        if isBlank(text) { return "the unlabelled \(roleWord(element.role)) (\(element.id))" }
        return "\"\(text)\" (\(element.id))"
    }

    /// The element with `id` by its label and id, or the id alone when it is not in the flow.
    func name(_ id: ElementID) -> String {
        places[id].map { Self.name($0.element) } ?? id.rawValue
    }

    static func name(_ screen: Screen) -> String {
        guard let title = screen.title, !isBlank(title) else { return screen.id.rawValue }
        return "\"\(title)\" (\(screen.id))"
    }

    /// The role as words: `text_field` is "text field".
    static func roleWord(_ role: Role) -> String { role.rawValue.replacingOccurrences(of: "_", with: " ") }

    /// "a static text", "an image".
    static func withArticle(_ role: Role) -> String {
        let word = roleWord(role)
        return ("aeiou".contains(word.first ?? "x") ? "an " : "a ") + word
    }

    /// Ids or names joined with ", ", which a screen reader reads as a short pause.
    static func list<S: Sequence>(_ items: S) -> String where S.Element: CustomStringConvertible {
        items.map(\.description).joined(separator: ", ")
    }

    /// Names joined as said aloud: "a, b and c".
    static func spokenList(_ names: [String]) -> String {
        guard let last = names.last, names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + last
    }

    /// A reason quoted from the file, ending with a full stop.
    static func sentence(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.last.map { ".!?".contains($0) } == true ? trimmed : trimmed + "."
    }

    static func isBlank(_ text: String) -> Bool { text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
}
