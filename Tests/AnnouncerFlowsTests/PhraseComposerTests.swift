import AnnouncerCore
import AnnouncerVoices
import Testing
@testable import AnnouncerFlows

/// The phrase table in both languages: each part (label, value, role, state, error) and each rule,
/// with the words of the shipped voice profiles (Voices/en.yaml and Voices/nb.yaml, `words:`).
@Suite struct PhraseComposerTests {
    /// One row of the table: an element, whether hints are on, and what is said in English and in Bokmål.
    struct Case: Sendable, CustomTestStringConvertible {
        var rule: String
        var en: Element
        var nb: Element
        var hints = false
        var saysEnglish: String
        var saysNorwegian: String
        var testDescription: String { rule }
    }

    static let english = FlowSessionTests.voices.profile(for: .english)!
    static let norwegian = FlowSessionTests.voices.profile(for: .norwegianBokmal)!

    static func field(_ label: String, _ role: Role = .textField, value: String? = nil, states: Set<ElementState> = [],
                      hint: String? = nil, error: String? = nil) -> Element {
        Element(id: "e", role: role, label: label, value: value, states: states, hint: hint, error: error)
    }

    static let captchaEnglish = Element(id: "row", role: .group, label: "Captcha", children: [
        Element(id: "picture", role: .image, label: "Picture of six distorted letters and numbers"),
        Element(id: "new", role: .button, label: "New picture"),
    ])
    static let captchaNorwegian = Element(id: "row", role: .group, label: "Captcha", children: [
        Element(id: "picture", role: .image, label: "Bilde av seks forvrengte bokstaver og tall"),
        Element(id: "new", role: .button, label: "Nytt bilde"),
    ])
    static func dimmed(_ group: Element) -> Element {
        var group = group
        group.states = [.disabled]
        return group
    }
    static func toggle(_ label: String, on labelOn: String, states: Set<ElementState>) -> Element {
        Element(id: "t", role: .toggle, label: label, labelWhenOn: labelOn, value: "ignored", states: states)
    }

    static let cases: [Case] = [
        // Label and role: the examples.
        Case(rule: "label and role: a text field", en: field("Email address"), nb: field("E-postadresse"),
             saysEnglish: "Email address, text field", saysNorwegian: "E-postadresse, tekstfelt"),
        Case(rule: "label and role: a secure text field", en: field("Password", .secureTextField), nb: field("Passord", .secureTextField),
             saysEnglish: "Password, secure text field", saysNorwegian: "Passord, sikkert tekstfelt"),
        Case(rule: "label and role: a button", en: field("Sign in", .button), nb: field("Logg inn", .button),
             saysEnglish: "Sign in, button", saysNorwegian: "Logg inn, knapp"),
        // Each role's word.
        Case(rule: "role: header", en: field("Blindeforbundet", .header), nb: field("Blindeforbundet", .header),
             saysEnglish: "Blindeforbundet, heading", saysNorwegian: "Blindeforbundet, overskrift"),
        Case(rule: "role: toggle", en: field("Remember me", .toggle, states: [.off]), nb: field("Husk meg", .toggle, states: [.off]),
             saysEnglish: "Remember me, switch button, off", saysNorwegian: "Husk meg, bryter, av"),
        Case(rule: "role: switch", en: field("Notifications", .switch, states: [.on]), nb: field("Varslinger", .switch, states: [.on]),
             saysEnglish: "Notifications, switch button, on", saysNorwegian: "Varslinger, bryter, på"),
        Case(rule: "role: image", en: field("Blindeforbundet's logo", .image), nb: field("Logoen til Blindeforbundet", .image),
             saysEnglish: "Blindeforbundet's logo, image", saysNorwegian: "Logoen til Blindeforbundet, bilde"),
        Case(rule: "role: image button", en: field("Close", .imageButton), nb: field("Lukk", .imageButton),
             saysEnglish: "Close, button, image", saysNorwegian: "Lukk, knapp, bilde"),
        Case(rule: "role: banner, its message the value, a sentence after a full stop: no capital after a comma",
             en: field("Biometric sign-in is locked", .banner, value: "Sign in with your password"),
             nb: field("Biometrisk innlogging er låst", .banner, value: "Logg inn med passord"),
             saysEnglish: "Biometric sign-in is locked. Sign in with your password, alert",
             saysNorwegian: "Biometrisk innlogging er låst. Logg inn med passord, varsel"),
        Case(rule: "role: banner whose label ends a sentence gets no second full stop",
             en: field("Biometric sign-in is locked.", .banner, value: "Sign in with your password"),
             nb: field("Biometrisk innlogging er låst.", .banner, value: "Logg inn med passord"),
             saysEnglish: "Biometric sign-in is locked. Sign in with your password, alert",
             saysNorwegian: "Biometrisk innlogging er låst. Logg inn med passord, varsel"),
        Case(rule: "role: link", en: field("Forgot your password?", .link), nb: field("Glemt passordet?", .link),
             saysEnglish: "Forgot your password?, link", saysNorwegian: "Glemt passordet?, lenke"),
        Case(rule: "role: static text has no word", en: field("Type the characters you see.", .staticText),
             nb: field("Skriv inn tegnene du ser.", .staticText),
             saysEnglish: "Type the characters you see.", saysNorwegian: "Skriv inn tegnene du ser."),
        // Value.
        Case(rule: "value: a text field's text, between label and role",
             en: field("Email address", value: "kari.nordmann"), nb: field("E-postadresse", value: "kari.nordmann"),
             saysEnglish: "Email address, kari.nordmann, text field", saysNorwegian: "E-postadresse, kari.nordmann, tekstfelt"),
        Case(rule: "value: a name typed into a field is data and keeps its comma",
             en: field("Name", value: "Kari Nordmann"), nb: field("Navn", value: "Kari Nordmann"),
             saysEnglish: "Name, Kari Nordmann, text field", saysNorwegian: "Navn, Kari Nordmann, tekstfelt"),
        Case(rule: "value: an empty text is left out, never said as a blank",
             en: field("Name", value: ""), nb: field("Navn", value: ""),
             saysEnglish: "Name, text field", saysNorwegian: "Navn, tekstfelt"),
        Case(rule: "value: a secure text field says how many characters, never the text",
             en: field("Password", .secureTextField, value: "hemmelig1"), nb: field("Passord", .secureTextField, value: "hemmelig1"),
             saysEnglish: "Password, 9 characters, secure text field", saysNorwegian: "Passord, 9 tegn, sikkert tekstfelt"),
        Case(rule: "value: a toggle's value is not said, its state says it",
             en: toggle("Show password", on: "Hide password", states: [.off]), nb: toggle("Vis passord", on: "Skjul passord", states: [.off]),
             saysEnglish: "Show password, switch button, off", saysNorwegian: "Vis passord, bryter, av"),
        // Label on.
        Case(rule: "label: a toggle that is on says its label_on",
             en: toggle("Show password", on: "Hide password", states: [.on]), nb: toggle("Vis passord", on: "Skjul passord", states: [.on]),
             saysEnglish: "Hide password, switch button, on", saysNorwegian: "Skjul passord, bryter, på"),
        // Each state's word, and their order.
        Case(rule: "state: selected", en: field("Email", .button, states: [.selected]), nb: field("E-post", .button, states: [.selected]),
             saysEnglish: "Email, button, selected", saysNorwegian: "E-post, knapp, valgt"),
        Case(rule: "state: disabled is said dimmed", en: field("Sign in", .button, states: [.disabled]), nb: field("Logg inn", .button, states: [.disabled]),
             saysEnglish: "Sign in, button, dimmed", saysNorwegian: "Logg inn, knapp, nedtonet"),
        Case(rule: "state: required", en: field("Name", states: [.required]), nb: field("Navn", states: [.required]),
             saysEnglish: "Name, text field, required", saysNorwegian: "Navn, tekstfelt, obligatorisk"),
        Case(rule: "state: invalid, when no error is attached", en: field("Name", states: [.invalid]), nb: field("Navn", states: [.invalid]),
             saysEnglish: "Name, text field, invalid data", saysNorwegian: "Navn, tekstfelt, ugyldige data"),
        Case(rule: "state: expanded and collapsed, from aria-expanded", en: field("Menu", .button, states: [.collapsed]), nb: field("Meny", .button, states: [.expanded]),
             saysEnglish: "Menu, button, collapsed", saysNorwegian: "Meny, knapp, utvidet"),
        Case(rule: "state: several, in the order on, off, selected, expanded, collapsed, disabled, required, invalid",
             en: field("Email", .button, states: [.invalid, .disabled, .expanded, .selected]), nb: field("E-post", .button, states: [.invalid, .disabled, .collapsed, .selected]),
             saysEnglish: "Email, button, selected, expanded, dimmed, invalid data", saysNorwegian: "E-post, knapp, valgt, slått sammen, nedtonet, ugyldige data"),
        // Error.
        Case(rule: "error: last, after the error word; invalid is left out when an error is attached",
             en: field("Email address", value: "kari.nordmann", states: [.invalid], error: "Must be a valid email address"),
             nb: field("E-postadresse", value: "kari.nordmann", states: [.invalid], error: "Skriv inn en gyldig e-postadresse"),
             saysEnglish: "Email address, kari.nordmann, text field. Error: Must be a valid email address",
             saysNorwegian: "E-postadresse, kari.nordmann, tekstfelt. Feil: Skriv inn en gyldig e-postadresse"),
        Case(rule: "error: after the other states",
             en: field("Name", states: [.required, .invalid], error: "This field is required."),
             nb: field("Navn", states: [.required, .invalid], error: "Dette feltet må fylles ut."),
             saysEnglish: "Name, text field, required. Error: This field is required.",
             saysNorwegian: "Navn, tekstfelt, obligatorisk. Feil: Dette feltet må fylles ut."),
        Case(rule: "error: an empty error is no error, and invalid is said",
             en: field("Name", states: [.invalid], error: ""), nb: field("Navn", states: [.invalid], error: ""),
             saysEnglish: "Name, text field, invalid data", saysNorwegian: "Navn, tekstfelt, ugyldige data"),
        // Hint.
        Case(rule: "hint: left out when hints are off",
             en: field("Name", hint: "This field is required."), nb: field("Navn", hint: "Dette feltet må fylles ut."),
             saysEnglish: "Name, text field", saysNorwegian: "Navn, tekstfelt"),
        Case(rule: "hint: after the pause, when hints are on",
             en: field("Name", hint: "This field is required."), nb: field("Navn", hint: "Dette feltet må fylles ut."), hints: true,
             saysEnglish: "Name, text field. This field is required.", saysNorwegian: "Navn, tekstfelt. Dette feltet må fylles ut."),
        Case(rule: "hint: after the error too, with no second full stop",
             en: field("Name", hint: "This field is required.", error: "This field is required."),
             nb: field("Navn", hint: "Dette feltet må fylles ut.", error: "Dette feltet må fylles ut."), hints: true,
             saysEnglish: "Name, text field. Error: This field is required. This field is required.",
             saysNorwegian: "Navn, tekstfelt. Feil: Dette feltet må fylles ut. Dette feltet må fylles ut."),
        // Group.
        Case(rule: "group: its label, its children's labels, and its interactive child's role once",
             en: captchaEnglish, nb: captchaNorwegian,
             saysEnglish: "Captcha, Picture of six distorted letters and numbers, New picture, button",
             saysNorwegian: "Captcha, Bilde av seks forvrengte bokstaver og tall, Nytt bilde, knapp"),
        Case(rule: "group: a dimmed row says so after the role",
             en: dimmed(captchaEnglish), nb: dimmed(captchaNorwegian),
             saysEnglish: "Captcha, Picture of six distorted letters and numbers, New picture, button, dimmed",
             saysNorwegian: "Captcha, Bilde av seks forvrengte bokstaver og tall, Nytt bilde, knapp, nedtonet"),
    ]

    @Test("The phrase table, in English", arguments: cases)
    func english(_ row: Case) {
        #expect(PhraseComposer(profile: Self.english).phrase(for: row.en, hints: row.hints) == row.saysEnglish)
    }

    @Test("The phrase table, in Bokmål", arguments: cases)
    func norwegian(_ row: Case) {
        #expect(PhraseComposer(profile: Self.norwegian).phrase(for: row.nb, hints: row.hints) == row.saysNorwegian)
    }

    @Test("A group says its interactive child's role once, in both languages")
    func groupSaysButtonOnce() {
        let english = PhraseComposer(profile: Self.english).phrase(for: Self.captchaEnglish)
        let norwegian = PhraseComposer(profile: Self.norwegian).phrase(for: Self.captchaNorwegian)
        #expect(english.components(separatedBy: "button").count - 1 == 1)
        #expect(norwegian.components(separatedBy: "knapp").count - 1 == 1)
    }

    @Test("The rules describe every part, in the order the parts are said")
    func rulesCoverEveryPart() {
        #expect(PhraseComposer.rules.map(\.part) == PhraseComposer.order)
        #expect(Set(PhraseComposer.order) == Set(PhraseComposer.Part.allCases))
    }

    @Test("Both profiles have a word for every role, state, the error and the secure value", arguments: ["en", "nb"])
    func everyWordIsThere(code: String) {
        let profile = code == "en" ? Self.english : Self.norwegian
        // A group in a flow says its interactive child's role; an other role is said by Chromium's name.
        let keys = Role.allCases.filter { $0 != .other }.map(\.wordKey) + ElementState.allCases.map(\.wordKey) + ["error", "values.secure"]
        for key in keys {
            // word(_:) gives the key back when the profile lacks it; static text's word is empty on purpose.
            #expect(profile.word(key) != key, "\(code): \(key)")
        }
    }
}
