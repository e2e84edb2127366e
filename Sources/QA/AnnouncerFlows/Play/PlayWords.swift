public import AnnouncerVoices

/// The lines `flow play` prints and speaks of its own, in the flow's language: the `play` table of the
/// voice profile (`play.screen: "Skjermbilde: {screen}."`), with English when a profile lacks a line.
public struct PlayWords: Sendable {
    /// Each line's key in the profile's `play` table, and its English.
    public enum Line: String, Sendable, CaseIterable {
        case opening, language, keys, hintsAreOn = "hints_are_on", hintsOn = "hints_on", hintsOff = "hints_off"
        case screen, lastElement = "last_element", firstElement = "first_element"
        case nothingToMove = "nothing_to_move", nothingHappened = "nothing_happened"
        case typeInto = "type_into", nothingTyped = "nothing_typed", blank
        case announcement, polite, assertive, unknownKey = "unknown_key"
        case nothingFocused = "nothing_focused", notATextField = "not_a_text_field"
        case couldNotSpeak = "could_not_speak", speechUnfinished = "speech_unfinished"
        case stopped, endOfInput = "end_of_input", interrupted
        case server, embedded, fallback
        case pageOpening = "page_opening", page

        /// The English line, with its `{placeholders}`.
        public var english: String {
            switch self {
            case .opening: "Playing {flow}, in {language}, on the screen {screen}."
            case .language: "English"
            case .keys: "Keys: right arrow or Tab next, left arrow or Shift-Tab previous, Enter or Space activate, t type, r repeat, h hints, q quit."
            case .hintsAreOn: "Hints are on."
            case .hintsOn: "Hints on"
            case .hintsOff: "Hints off"
            case .screen: "Screen: {screen}."
            case .lastElement: "Last element."
            case .firstElement: "First element."
            case .nothingToMove: "This screen has nothing to move to."
            case .nothingHappened: "Nothing happened."
            case .typeInto: "Type into {name}, then press Enter:"
            case .nothingTyped: "Nothing was typed."
            case .blank: "Blank."
            case .announcement: "Announcement ({politeness}): {text}"
            case .polite: "polite"
            case .assertive: "assertive"
            case .unknownKey: "That key does nothing here; press question mark for the keys."
            case .nothingFocused: "Nothing has focus yet; move to an element first."
            case .notATextField: "{name} is not a text field, so nothing can be typed into it. Move to a text field first."
            case .couldNotSpeak: "Could not speak that: {error}"
            case .speechUnfinished: "Some speech had not ended after two minutes; stopping it."
            case .stopped: "Stopped playing {flow}."
            case .endOfInput: "End of input; stopped playing {flow}."
            case .interrupted: "Stopped by {signal}."
            case .server: "Speaking through the announcer server at {path}."
            case .embedded: "Speaking with an engine inside announce, playing to {sink}."
            case .fallback: "No announcer server is running, so an engine inside announce speaks, playing to {sink}."
            case .pageOpening: "Opening {page} in headless Chromium."
            case .page: "Playing the page {title}, in {language}."
            }
        }
    }

    private let profile: VoiceProfile

    public init(profile: VoiceProfile) { self.profile = profile }

    /// The line in the profile's language, each `{name}` filled from `values`.
    public func line(_ line: Line, _ values: [String: String] = [:]) -> String {
        var text = profile.words["play.\(line.rawValue)"] ?? line.english
        for (name, value) in values { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
        return text
    }
}
