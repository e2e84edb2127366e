import Foundation
public import AnnouncerVoices

/// Composes what a screen reader says for an element, the way VoiceOver reads it: label, value, role,
/// state, error, joined with ", " (or ". " before a part that begins a sentence), then the hint after a
/// pause when hints are on. The words come from
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
        (.state, "each state's word (words.states.*), in the order on, off, selected, expanded, collapsed, disabled, required, invalid; invalid is left out when an error is attached, since the error says it"),
        (.error, "the error word (words.error), a colon, and the error: \"Error: Must be a valid email address\""),
    ]

    /// Between the phrase and its hint: a full stop, which eSpeak reads as a pause.
    public static let hintPause = ". "

    private let profile: VoiceProfile

    public init(profile: VoiceProfile) { self.profile = profile }

    /// The element's phrase; `hints` adds its hint after a pause.
    public func phrase(for element: Element, hints: Bool = false) -> String {
        var parts: [(text: String, beginsSentence: Bool)] = []
        for part in Self.order {
            for said in words(for: part, of: element) where !said.text.isEmpty {
                parts.append((said.text, said.isProse && said.text.first?.isUppercase == true))
            }
        }
        var phrase = Self.join(parts)
        if hints, let hint = element.hint ?? element.children.lazy.compactMap(\.hint).first, !hint.isEmpty {
            // A phrase that already ends a sentence, such as one whose error ends with a full stop,
            // gets no second one: "required.. This field" would be read "dot dot" at punctuation all.
            let endsSentence = phrase.last.map { ".?!".contains($0) } ?? false
            phrase += (endsSentence ? " " : Self.hintPause) + hint
        }
        return phrase
    }

    /// Joins parts with ", ", except before a part that begins a sentence, which follows a full stop,
    /// as VoiceOver reads "Email. Error: Must be a valid email address": a capital letter after a comma
    /// reads wrongly in braille. A part that already ends a sentence gets no second full stop.
    /// Sentences are the error and the text of static content ("There were too many failed attempts");
    /// labels are names ("New picture", "Face ID") and what was typed into a field is data, so they keep
    /// their comma.
    static func join(_ parts: [(text: String, beginsSentence: Bool)]) -> String {
        var joined = ""
        for part in parts {
            if !joined.isEmpty {
                if part.beginsSentence {
                    joined += (joined.last.map { ".?!:".contains($0) } ?? false) ? " " : ". "
                } else {
                    joined += ", "
                }
            }
            joined += part.text
        }
        return joined
    }

    /// One piece of a phrase: a name or a word, which follows a comma, or prose, which may begin a sentence.
    private struct Said {
        var text: String
        var isProse = false
        static func prose(_ text: String) -> Said { Said(text: text, isProse: true) }
    }

    private func words(for part: Part, of element: Element) -> [Said] {
        if element.role == .group { return groupWords(for: part, of: element) }
        switch part {
        case .label:
            return [Said(text: element.currentLabel)]
        case .value:
            guard let value = element.value, !value.isEmpty, !element.role.isToggle else { return [] }
            if element.role == .secureTextField {
                let key = value.count == 1 && profile.words["values.secure_one"] != nil ? "values.secure_one" : "values.secure"
                return [Said(text: profile.word(key).replacingOccurrences(of: "{count}", with: String(value.count)))]
            }
            return [Self.value(value, of: element)]
        case .role:
            return [Said(text: profile.word(element.role.wordKey))]
        case .state:
            let hasError = !(element.error ?? "").isEmpty
            return element.states.sorted()
                .filter { !(hasError && $0 == .invalid) }
                .map { Said(text: profile.word($0.wordKey)) }
        case .error:
            guard let error = element.error, !error.isEmpty else { return [] }
            return [.prose("\(profile.word("error")): \(error)")]
        }
    }

    /// A static element's text is prose; what was typed into a field is data, read as it is.
    private static func value(_ value: String, of element: Element) -> Said {
        element.role.isTextField ? Said(text: value) : .prose(value)
    }

    /// A group is one swipe stop: its children's labels and values in order, then the role and states of
    /// its one interactive element ("button" said once), then its own states and any error.
    private func groupWords(for part: Part, of group: Element) -> [Said] {
        // A hidden child is not on the screen, so it is neither read nor acted on.
        let children = group.children.filter { !$0.hidden }
        let interactive = children.first(where: \.isInteractive)
        let error = [group.error, interactive?.error].compactMap { $0 }.first { !$0.isEmpty }
        switch part {
        case .label:
            return [Said(text: group.label)] + children.flatMap { child in
                [Said(text: child.currentLabel)]
                    + ((child.role.isToggle || child.role == .secureTextField) ? [] : [Self.value(child.value ?? "", of: child)])
            }
        case .value:
            return []
        case .role:
            return interactive.map { [Said(text: profile.word($0.role.wordKey))] } ?? []
        case .state:
            return group.states.union(interactive?.states ?? []).sorted()
                .filter { !(error != nil && $0 == .invalid) }
                .map { Said(text: profile.word($0.wordKey)) }
        case .error:
            return error.map { [.prose("\(profile.word("error")): \($0)")] } ?? []
        }
    }
}
