import Foundation
public import AnnouncerVoices

/// Composes what a screen reader says for an element, the way VoiceOver reads it: label, value, role,
/// state, error, joined with ", ", then the hint after a pause when hints are on. The words come from
/// the voice profile of the flow's language; `rules` is the whole table.
public struct PhraseComposer: Sendable {
    /// One part of a phrase.
    public enum Part: String, Sendable, CaseIterable {
        case label, value, role, state, error
    }

    /// The order of the parts. A part with nothing to say is left out, never said as a blank.
    public static let order: [Part] = [.label, .value, .role, .state, .error]

    /// What each part says, in words, for docs/FLOWS.md and the tests.
    public static let rules: [(part: Part, says: String)] = [
        (.label, "the label; a toggle that is on says its label_on"),
        (.value, "a text field's text; a secure text field's number of characters (words.values.secure, or words.values.secure_one for one), never its text; a toggle none, since its state says it"),
        (.role, "the role's word (words.roles.*); static text has none"),
        (.state, "each state's word (words.states.*), in the order on, off, selected, disabled, required, invalid; invalid is left out when an error is attached, since the error says it"),
        (.error, "the error word (words.error), a colon, and the error: \"Error: Must be a valid email address\""),
    ]

    /// Between the phrase and its hint: a full stop, which eSpeak reads as a pause.
    public static let hintPause = ". "

    private let profile: VoiceProfile

    public init(profile: VoiceProfile) { self.profile = profile }

    /// The element's phrase; `hints` adds its hint after a pause.
    public func phrase(for element: Element, hints: Bool = false) -> String {
        var parts: [String] = []
        for part in Self.order {
            parts += words(for: part, of: element).filter { !$0.isEmpty }
        }
        var phrase = parts.joined(separator: ", ")
        if hints, let hint = element.hint ?? element.children.lazy.compactMap(\.hint).first, !hint.isEmpty {
            // A phrase that already ends a sentence, such as one whose error ends with a full stop,
            // gets no second one: "required.. This field" would be read "dot dot" at punctuation all.
            let endsSentence = phrase.last.map { ".?!".contains($0) } ?? false
            phrase += (endsSentence ? " " : Self.hintPause) + hint
        }
        return phrase
    }

    private func words(for part: Part, of element: Element) -> [String] {
        if element.role == .group { return groupWords(for: part, of: element) }
        switch part {
        case .label:
            return [element.currentLabel]
        case .value:
            guard let value = element.value, !value.isEmpty, !element.role.isToggle else { return [] }
            if element.role == .secureTextField {
                let key = value.count == 1 && profile.words["values.secure_one"] != nil ? "values.secure_one" : "values.secure"
                return [profile.word(key).replacingOccurrences(of: "{count}", with: String(value.count))]
            }
            return [value]
        case .role:
            return [profile.word(element.role.wordKey)]
        case .state:
            let hasError = !(element.error ?? "").isEmpty
            return element.states.sorted()
                .filter { !(hasError && $0 == .invalid) }
                .map { profile.word($0.wordKey) }
        case .error:
            guard let error = element.error, !error.isEmpty else { return [] }
            return ["\(profile.word("error")): \(error)"]
        }
    }

    /// A group is one swipe stop: its children's labels and values in order, then the role and states of
    /// its one interactive element ("button" said once), then its own states and any error.
    private func groupWords(for part: Part, of group: Element) -> [String] {
        // A hidden child is not on the screen, so it is neither read nor acted on.
        let children = group.children.filter { !$0.hidden }
        let interactive = children.first(where: \.isInteractive)
        let error = [group.error, interactive?.error].compactMap { $0 }.first { !$0.isEmpty }
        switch part {
        case .label:
            return [group.label] + children.flatMap { [$0.currentLabel] + (($0.role.isToggle || $0.role == .secureTextField) ? [] : [$0.value ?? ""]) }
        case .value:
            return []
        case .role:
            return interactive.map { [profile.word($0.role.wordKey)] } ?? []
        case .state:
            return group.states.union(interactive?.states ?? []).sorted()
                .filter { !(error != nil && $0 == .invalid) }
                .map { profile.word($0.wordKey) }
        case .error:
            return error.map { ["\(profile.word("error")): \($0)"] } ?? []
        }
    }

}
