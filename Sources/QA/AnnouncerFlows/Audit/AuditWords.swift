public import AnnouncerCore

/// The audit report's own words, in English or Bokmål: the report is in its flows' language.
public struct AuditWords: Sendable {
    public let language: Language
    let bokmal: Bool

    public init(language: Language) {
        self.language = language
        bokmal = language.rawValue == "nb"
    }

    func say(_ english: String, _ norwegian: String) -> String { bokmal ? norwegian : english }

    /// A number of milliseconds with one decimal, written as the language writes decimals: 12.3 / 12,3.
    public func milliseconds(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let text = "\(tenths / 10)\(bokmal ? "," : ".")\(abs(tenths % 10))"
        return "\(value < 0 && tenths / 10 == 0 ? "-" : "")\(text) ms"
    }

    /// A contrast ratio, rounded down to one decimal as the lint prints it: 4.4:1 / 4,4:1.
    public func ratio(_ value: Double) -> String {
        let text = FlowLinter.ratioText(value)
        return bokmal ? text.replacingOccurrences(of: ".", with: ",") : text
    }

    public func verdict(_ verdict: AuditVerdict) -> String {
        switch verdict {
        case .passed: say("Passed", "Bestått")
        case .failed: say("Failed", "Ikke bestått")
        case .notTested: say("Not tested by this tool", "Ikke testet av dette verktøyet")
        case .notApplicable: say("Not applicable", "Ikke relevant")
        }
    }

    func quoted(_ text: String) -> String { bokmal ? "«\(text)»" : "\"\(text)\"" }
    func named(_ element: Element) -> String {
        let label = element.currentLabel.trimmingCharacters(in: .whitespaces)
        return label.isEmpty ? say("an element without a label", "et element uten ledetekst") + " (\(element.id))" : "\(quoted(label)) (\(element.id))"
    }

    // MARK: - Evidence

    func decorativeImage(_ id: ElementID) -> String {
        say("An image without a label (\(id)) is passed over as decoration.", "Et bilde uten ledetekst (\(id)) hoppes over fordi det er dekorativt.")
    }
    func imageLabelled(_ element: Element) -> String {
        say("The image \(named(element)) has a text alternative.", "Bildet \(named(element)) har et tekstalternativ.")
    }
    func headings(_ labels: [String]) -> String {
        say("Headings: ", "Overskrifter: ") + labels.map(quoted).joined(separator: ", ") + "."
    }
    var keyboardNote: String {
        say("Tab, Shift-Tab and Enter stand for a swipe and a double tap here; on the device, check with an external keyboard as well.",
            "Tab, Shift-Tab og Enter står her for sveip og dobbelttrykk; på enheten må det også sjekkes med et eksternt tastatur.")
    }
    func unreachable(_ element: Element) -> String {
        say("\(named(element)) can be used but is not in the focus order.", "\(named(element)) kan brukes, men er ikke i fokusrekkefølgen.")
    }
    func allReachable(_ count: Int) -> String {
        count == 1
            ? say("The one element that can be used is in the focus order.", "Det ene interaktive elementet er i fokusrekkefølgen.")
            : say("All \(count) elements that can be used are in the focus order.", "Alle de \(count) interaktive elementene er i fokusrekkefølgen.")
    }
    var labelInNameNote: String {
        say("A flow file gives each element one label, which is both its visible text and its accessible name, so the two cannot differ here; compare them on the device.",
            "En flytfil gir hvert element én ledetekst, som er både den synlige teksten og det tilgjengelige navnet, så de kan ikke avvike her; sammenlign dem på enheten.")
    }
    var labelsDescribeNote: String {
        say("Whether each heading and label describes its topic or purpose is for a person to judge.",
            "Om hver overskrift og ledetekst beskriver emnet eller formålet, må en person vurdere.")
    }
    func fieldLabelled(_ element: Element) -> String {
        let hint = element.hint.map { say(", with the instruction \(quoted($0))", ", med instruksjonen \(quoted($0))") } ?? ""
        return say("The field \(named(element)) has a label\(hint).", "Feltet \(named(element)) har ledetekst\(hint).")
    }
    func fieldUnlabelled(_ element: Element) -> String {
        say("The field \(element.id) has no label.", "Feltet \(element.id) har ingen ledetekst.")
    }
    func pasteAllowed(_ element: Element) -> String {
        say("Paste is allowed in \(named(element)), so a password manager can fill it.",
            "Innliming er tillatt i \(named(element)), så en passordbehandler kan fylle det ut.")
    }
    func pasteBlocked(_ element: Element) -> String {
        say("Paste is blocked in \(named(element)), so the password must be remembered and typed: a cognitive function test.",
            "Innliming er blokkert i \(named(element)), så passordet må huskes og skrives inn: en kognitiv funksjonstest.")
    }
    func pasteUnknown(_ element: Element) -> String {
        say("The flow does not say whether paste is allowed in \(named(element)); check it on the device, and say it in the flow with paste: allowed or blocked.",
            "Flyten sier ikke om innliming er tillatt i \(named(element)); sjekk det på enheten, og skriv det i flyten med paste: allowed eller blocked.")
    }
    func cognitiveAlternative(_ test: Element, _ alternative: Element) -> String {
        say("\(named(test)) is a cognitive function test, and \(named(alternative)) offers an alternative. Whether the alternative is free of a cognitive test of its own is for a person to judge.",
            "\(named(test)) er en kognitiv funksjonstest, og \(named(alternative)) gir et alternativ. Om alternativet selv er uten kognitiv test, må en person vurdere.")
    }
    func cognitiveWithoutAlternative(_ test: Element) -> String {
        say("\(named(test)) is a cognitive function test with no alternative.", "\(named(test)) er en kognitiv funksjonstest uten alternativ.")
    }
    func announcedWithoutFocus(_ text: String, politeness: Politeness, latency: Double?, appDelay: Int = 0, timed: Bool = true) -> String {
        let how = politeness == .assertive ? say("assertive", "haster") : say("polite", "vanlig")
        guard let latency else {
            return say("\(quoted(text)) was posted to a live region (\(how)), but never heard.", "\(quoted(text)) ble sendt til en live-region (ARIA, \(how)), men ble aldri hørt.")
        }
        guard timed else {
            return say("\(quoted(text)) was announced through a live region (\(how)), without moving focus; its timing was not judged.",
                       "\(quoted(text)) ble lest opp gjennom en live-region (ARIA, \(how)), uten å flytte fokus; tidsbruken ble ikke vurdert.")
        }
        let split = appDelay > 0
            ? say(" (the app took \(appDelay) ms to post it; speech began \(milliseconds(latency - Double(appDelay))) after that)",
                  " (appen brukte \(appDelay) ms på å sende den; talen begynte \(milliseconds(latency - Double(appDelay))) etter det)")
            : ""
        return say("\(quoted(text)) was announced through a live region (\(how)), without moving focus; it began to sound \(milliseconds(latency)) after the action\(split).",
                   "\(quoted(text)) ble lest opp gjennom en live-region (ARIA, \(how)), uten å flytte fokus; lyden begynte \(milliseconds(latency)) etter handlingen\(split).")
    }
    func limitAboveRequirement(_ limit: Int, step: Int) -> String {
        say("Step \(step) allows \(limit) ms, more than the 500 ms the requirements set.", "Steg \(step) tillater \(limit) ms, mer enn de 500 ms kravene setter.")
    }
    func focusOrderChecked(_ comparison: FocusOrderComparison) -> String {
        comparison.matches
            ? say("The focus order is as expected: ", "Fokusrekkefølgen er som forventet: ") + comparison.actual.map(\.rawValue).joined(separator: ", ") + "."
            : say("Expected the focus order ", "Forventet fokusrekkefølgen ") + comparison.expected.map(\.rawValue).joined(separator: ", ")
                + say(", but it is ", ", men den er ") + comparison.actual.map(\.rawValue).joined(separator: ", ") + "."
    }

    /// Why a criterion is not applicable to, or not tested on, a screen.
    func nothingFor(_ criterion: WCAGCriterion) -> String {
        switch criterion {
        case .nonTextContent: say("No image on this screen.", "Ingen bilder på dette skjermbildet.")
        case .contrastMinimum: say("The flow gives no colours for this screen; check its contrast on the device.", "Flyten oppgir ingen farger for dette skjermbildet; sjekk kontrasten på enheten.")
        case .errorIdentification: say("Nothing on this screen is checked for errors.", "Ingenting på dette skjermbildet kontrolleres for feil.")
        case .labelsOrInstructions: say("No field to fill in on this screen.", "Ingen felt å fylle ut på dette skjermbildet.")
        case .accessibleAuthenticationMinimum: say("No password field or cognitive test on this screen.", "Ingen passordfelt eller kognitiv test på dette skjermbildet.")
        case .statusMessages: say("No status message on this screen.", "Ingen statusbeskjeder på dette skjermbildet.")
        default: say("The flow's steps do not reach this screen's elements.", "Stegene i flyten når ikke elementene på dette skjermbildet.")
        }
    }
}

extension AuditWords {
    var noErrorStep: String {
        say("Fields here are checked, but no step of the flow makes an error on this screen.", "Feltene her kontrolleres, men ingen steg i flyten gjør en feil på dette skjermbildet.")
    }
    func stepsDoneByKeyboard(_ count: Int) -> String {
        count == 1
            ? say("1 step was done with Tab, Shift-Tab, Enter and typing alone.", "1 steg ble gjort bare med Tab, Shift-Tab, Enter og skriving.")
            : say("\(count) steps were done with Tab, Shift-Tab, Enter and typing alone.", "\(count) steg ble gjort bare med Tab, Shift-Tab, Enter og skriving.")
    }
    func notReachedByStep(_ element: Element) -> String {
        say("No step of the flow reaches \(named(element)).", "Ingen steg i flyten når \(named(element)).")
    }
}
