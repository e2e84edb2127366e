import AnnouncerCore
public import AnnouncerVoices
import Foundation

/// A flow being used, as a pure state machine: each user action (or app reaction) changes the screen
/// and returns what the screen reader and the app say, in order. No clock, no speech: `flow play` and
/// `flow check` carry the utterances out.
public struct FlowSession: Sendable {
    public let flow: Flow
    public private(set) var screenID: ScreenID
    /// The element the screen reader's focus is on; nil before the first swipe.
    public private(set) var focus: ElementID?
    public var hintsOn: Bool
    /// The screens as they are now, with every change the app made.
    private var screens: [ScreenID: Screen]
    /// The fields that failed the last submit, in focus order.
    private var lastInvalid: [ElementID] = []
    private let composer: PhraseComposer

    /// `style` is the reader whose phrasing it speaks in; the flow's own (`style:`) when nil.
    public init(flow: Flow, profile: VoiceProfile, hintsOn: Bool = false, style: ReaderStyle? = nil) {
        self.flow = flow
        self.screenID = flow.screens[0].id
        self.hintsOn = hintsOn
        self.screens = Dictionary(flow.screens.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.composer = PhraseComposer(profile: profile, style: style ?? flow.writtenStyle)
    }

    /// The screen as it is now.
    public var screen: Screen { screens[screenID]! }

    /// The swipe order of the current screen, as `Screen.swipeOrder` makes it.
    public var focusOrder: [ElementID] { screen.swipeOrder }

    /// The element with `id` as it is now, on any screen.
    public func element(_ id: ElementID) -> Element? {
        if let found = screen.element(id) { return found }
        return screens.values.lazy.compactMap { $0.element(id) }.first
    }

    /// What the screen reader says for `id` now.
    public func phrase(of id: ElementID, hints: Bool? = nil) -> String {
        guard let element = element(id) else { return "" }
        return composer.phrase(for: element, hints: hints ?? hintsOn)
    }

    /// Carries out one action; returns what is said, in order.
    public mutating func perform(_ action: StepAction) throws(FlowError) -> [Utterance] {
        switch action {
        case .next, .previous:
            let order = focusOrder
            guard !order.isEmpty else { return [] }
            let target: ElementID
            if let focus, let index = order.firstIndex(of: focus) {
                let moved = action == .next ? index + 1 : index - 1
                // At either end the screen reader stays where it is, as VoiceOver does.
                guard order.indices.contains(moved) else { return [] }
                target = order[moved]
            } else {
                target = action == .next ? order[0] : order[order.count - 1]
            }
            return [read(target, hints: hintsOn)]
        case let .touch(id):
            let stop = try visibleStop(holding: id)
            return [read(stop, hints: hintsOn)]
        case let .type(text, into):
            let id: ElementID
            if let into { id = into } else { id = try focusedElement() }
            let stop = try visibleStop(holding: id)
            guard let field = element(id), field.role.isTextField else {
                throw .notATextField(id)
            }
            update(id) { $0.value = text }
            return [read(stop, hints: false)]
        case let .activate(named):
            var said: [Utterance] = []
            let stopID: ElementID
            if let named { stopID = try visibleStop(holding: named) } else { stopID = try focusedElement() }
            // Activating a named element moves focus to its stop without reading it: a double tap cuts the
            // reading short, so what is heard is what the activation does. `touch` checks the phrase.
            if named != nil { focus = stopID }
            guard let element = element(stopID) else { throw .unknownElement(stopID) }
            let id = stopID
            // A dimmed element does nothing, as on a phone.
            guard !element.states.contains(.disabled) else { return said }
            let target = element.role == .group ? (element.children.first(where: \.isInteractive) ?? element) : element
            if target.role.isToggle {
                flip(target.id)
                said.append(read(id, hints: false))
            }
            said += run(target.onActivate + (target.id == element.id ? [] : element.onActivate))
            return said
        case let .press(chord, target):
            // A screen has no widgets of its own: Tab and the arrows move as swipes do (flow play's keys),
            // Enter and Space activate, and any other key does nothing.
            if let target { focus = try visibleStop(holding: target) }
            guard let action = Self.swipe(for: chord, on: target) else { return [] }
            return try perform(action)
        case let .app(reactions):
            return run(reactions)
        case .check, .wait:
            return []
        }
    }

    /// What a key does on a described screen, as flow play's keys: nil for a key that does nothing there.
    static func swipe(for chord: KeyChord, on target: ElementID?) -> StepAction? {
        let others = chord.modifiers.filter { $0 != .shift }
        guard others.isEmpty else { return nil }
        switch (chord.key, chord.hasShift) {
        case (.tab, false), (.arrowRight, false), (.arrowDown, false): return .next
        case (.tab, true), (.arrowLeft, false), (.arrowUp, false): return .previous
        case (.enter, false), (.space, false): return .activate(nil)
        default: return nil
        }
    }

    private func focusedElement() throws(FlowError) -> ElementID {
        guard let focus else { throw .nothingFocused }
        return focus
    }

    /// The swipe stop holding `id` on the current screen (the element, or its group), which must be visible.
    private func visibleStop(holding id: ElementID) throws(FlowError) -> ElementID {
        guard let stop = screen.stop(holding: id) else { throw .notOnScreen(id, screenID) }
        let child = stop.children.first { $0.id == id }
        guard !stop.hidden, !(child?.hidden ?? false) else { throw .hidden(id) }
        return stop.id
    }

    /// Moves focus to `id` and returns its phrase: polite, since the screen reader's own reading waits for an
    /// app's assertive announcement and never holds one up; the next gesture or focus phrase cuts it.
    private mutating func read(_ id: ElementID, hints: Bool) -> Utterance {
        focus = id
        return Utterance(text: phrase(of: id, hints: hints), kind: .focus(id), politeness: .polite)
    }

    private mutating func run(_ reactions: [Reaction], errors: [String] = []) -> [Utterance] {
        var said: [Utterance] = []
        for reaction in reactions {
            switch reaction {
            case let .announce(text, politeness, region, delay):
                let filled = text
                    .replacingOccurrences(of: "{first_error}", with: errors.first ?? "")
                    .replacingOccurrences(of: "{error_count}", with: String(errors.count))
                said.append(Utterance(text: filled, kind: .announcement, politeness: politeness, region: region, delayMilliseconds: delay))
            case let .focus(target):
                // Focus moved by the app reads the element's phrase without its hint (seed 003).
                // Focus goes only to something visible on the current screen, to the stop that holds it.
                let wanted: ElementID? = switch target {
                case let .element(id): id
                case .firstInvalid: lastInvalid.first
                }
                if let wanted, let stop = try? visibleStop(holding: wanted) { said.append(read(stop, hints: false)) }
            case let .set(id, change):
                update(id) { element in
                    if let label = change.label { element.label = label }
                    if let value = change.value { element.value = value }
                    if let error = change.error { element.error = error.isEmpty ? nil : error }
                    element.states.formUnion(change.addStates)
                    element.states.subtract(change.removeStates)
                }
            case let .show(id): update(id) { $0.hidden = false }
            case let .hide(id):
                update(id) { $0.hidden = true }
                // Hiding the focused element, or the group that holds it, leaves nothing focused.
                if let focus, focus == id || screen.stop(holding: focus)?.hidden == true { self.focus = nil }
            case let .toggle(id): flip(id)
            case let .goTo(target):
                guard screens[target] != nil else { continue }
                screenID = target
                focus = nil
                if let first = focusOrder.first { said.append(read(first, hints: false)) }
            case let .submit(fields, invalid, valid):
                let failed = validate(fields)
                said += failed.isEmpty ? run(valid) : run(invalid, errors: failed.compactMap { element($0)?.error })
            }
        }
        return said
    }

    /// Checks each field; attaches or removes its error; returns the failing ones in focus order.
    private mutating func validate(_ fields: [ElementID]) -> [ElementID] {
        var failed: [ElementID] = []
        for id in fields {
            guard let field = element(id), let validation = field.validation else { continue }
            if validation.rules.allSatisfy({ $0.accepts(field.value ?? "") }) {
                update(id) { $0.error = nil; $0.states.remove(.invalid) }
            } else {
                update(id) { $0.error = validation.error; $0.states.insert(.invalid) }
                failed.append(id)
            }
        }
        let order = focusOrder
        lastInvalid = failed.sorted { (order.firstIndex(of: $0) ?? .max) < (order.firstIndex(of: $1) ?? .max) }
        return lastInvalid
    }

    private mutating func flip(_ id: ElementID) {
        update(id) { element in
            if element.states.contains(.on) {
                element.states.remove(.on)
                element.states.insert(.off)
            } else {
                element.states.remove(.off)
                element.states.insert(.on)
            }
        }
    }

    /// Changes the element with `id`, wherever it is: on a screen or inside a group.
    private mutating func update(_ id: ElementID, _ change: (inout Element) -> Void) {
        for screenKey in screens.keys {
            guard var screen = screens[screenKey] else { continue }
            for index in screen.elements.indices {
                if screen.elements[index].id == id {
                    change(&screen.elements[index])
                    screens[screenKey] = screen
                    return
                }
                if let child = screen.elements[index].children.firstIndex(where: { $0.id == id }) {
                    change(&screen.elements[index].children[child])
                    screens[screenKey] = screen
                    return
                }
            }
        }
    }
}

/// Why an action cannot be carried out on the flow as it is, in plain words.
public enum FlowError: Error, Sendable, Equatable, CustomStringConvertible {
    case nothingFocused
    case unknownElement(ElementID)
    case notOnScreen(ElementID, ScreenID)
    case notATextField(ElementID)
    case hidden(ElementID)

    public var description: String {
        switch self {
        case .nothingFocused: "Nothing has focus yet; move to an element first."
        case let .unknownElement(id): "No element has the id \"\(id)\"."
        case let .notOnScreen(id, screen): "The element \"\(id)\" is not on the screen \"\(screen)\"."
        case let .notATextField(id): "The element \"\(id)\" is not a text field, so nothing can be typed into it."
        case let .hidden(id): "The element \"\(id)\" is hidden now, so it cannot be reached."
        }
    }
}

extension Validation.Rule {
    /// True when `value` passes this rule.
    func accepts(_ value: String) -> Bool {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        switch self {
        case .required:
            return !trimmed.isEmpty
        case .email:
            let parts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, !trimmed.contains(" ") else { return false }
            let domain = parts[1].split(separator: ".", omittingEmptySubsequences: false)
            return domain.count >= 2 && domain.allSatisfy { !$0.isEmpty }
        case let .minimumLength(length):
            return value.count >= length
        case let .date(pattern):
            return Self.isDate(trimmed, pattern: pattern.lowercased())
        }
    }

    /// A real calendar date written as `pattern` (`mm/dd/yyyy`, `dd.mm.yyyy`, `yyyy-mm-dd`).
    private static func isDate(_ text: String, pattern: String) -> Bool {
        guard text.count == pattern.count else { return false }
        var day = 0, month = 0, year = 0
        for (character, slot) in zip(text, pattern) {
            switch slot {
            case "d", "m", "y":
                guard let digit = character.wholeNumberValue, character.isASCII else { return false }
                // A pattern may be long; no part of a real date has more than four digits.
                guard max(day, month, year) < 100_000 else { return false }
                if slot == "d" { day = day * 10 + digit } else if slot == "m" { month = month * 10 + digit } else { year = year * 10 + digit }
            default:
                guard character == slot else { return false }
            }
        }
        guard (1...12).contains(month), day >= 1 else { return false }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return day <= days
    }
}
