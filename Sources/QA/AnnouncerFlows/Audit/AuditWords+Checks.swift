/// The check's and the lint's sentences in the report's language. English is the check's own
/// message; for Bokmål each is said again from its values (`CheckResult.detail`, `LintFinding.detail`).
/// A finding with no Bokmål sentence here keeps its English one, marked `lang="en"` in the report.
extension AuditWords {
    /// The result's sentence in this language, or nil for its English message.
    func sentence(for result: CheckResult) -> String? {
        guard bokmal, let detail = result.detail else { return nil }
        let list = { (texts: [String]) in texts.map(quoted).joined(separator: ", så ") }
        let ids = { (order: [ElementID]) in order.map(\.rawValue).joined(separator: ", ") }
        switch detail {
        case let .said(texts, latency):
            return texts.isEmpty ? "Ingenting ble lest opp, som forventet." : "Leste opp \(list(texts))" + (latency.map { " (første lyd \(milliseconds($0)) etter handlingen)" } ?? "") + "."
        case let .saidOther(expected, said):
            return said.isEmpty ? "Forventet \(list(expected)), men ingenting ble lest opp." : "Forventet \(list(expected)), men steget leste opp \(list(said))."
        case let .unheard(composed, text):
            return "Steget laget \(list(composed)), men \(quoted(text)) ble aldri hørt."
        case let .focus(expected, actual):
            return result.passed ? "Fokus er på \(expected)." : "Forventet fokus på \(expected), men \(actual.map { "det er på \($0)" } ?? "ingenting har fokus")."
        case let .focusOrder(expected, actual):
            return result.passed ? "Fokusrekkefølgen er \(ids(actual))." : "Forventet fokusrekkefølgen \(ids(expected)), men den er \(ids(actual))."
        case let .began(text, politeness, latency, limit):
            let how = politeness == .assertive ? "haster" : "vanlig"
            return "\(quoted(text)) (\(how)) begynte \(milliseconds(latency)) etter handlingen; grensen er \(limit) ms." + (result.passed ? "" : " For sent.")
        case let .neverHeard(text, limit):
            return "\(quoted(text)) ble aldri hørt; den skulle ha begynt innen \(limit) ms."
        case let .nothingSaid(limit):
            return "Forventet at noe ble lest opp innen \(limit) ms, men ingenting ble lest opp."
        case let .readerSaid(reader, said, _):
            return "\(reader.displayName) leste opp \(said.isEmpty ? "ingenting" : list(said))."
        case let .readerSaidOther(reader, expected, said):
            return "\(reader.displayName) leste opp \(said.isEmpty ? "ingenting" : list(said)), ikke \(list(expected))."
        }
    }

    /// The lint finding's sentence in this language, or nil for its English message. The flow names
    /// elements of other screens.
    func sentence(for finding: LintFinding, on screen: Screen?, in flow: Flow? = nil) -> String? {
        guard bokmal else { return nil }
        let element = finding.element.flatMap { screen?.element($0) }
        let title = screen.map { quoted($0.title ?? $0.id.rawValue) } ?? ""
        /// Any element of the flow by its label and id; the id alone when it is not in the flow.
        func anywhere(_ id: ElementID) -> String {
            (screen?.element(id) ?? flow?.screens.lazy.compactMap { $0.element(id) }.first).map(named) ?? id.rawValue
        }
        let ids = { (order: [ElementID]) in order.map(\.rawValue).joined(separator: ", ") }
        switch (finding.rule, finding.detail) {
        case (.contrast, _):
            guard let element, let pair = element.colours else { return nil }
            let ratio = finding.contrastRatio ?? pair.contrastRatio
            let required = pair.large ? "minst 3:1 kreves for stor tekst" : "minst 4,5:1 kreves for vanlig tekst"
            return "Kontrasten til \(named(element)): \(pair.text) på \(pair.background) er \(self.ratio(ratio)); \(required)."
        case (.label, .groupWithoutLabel?):
            return "Gruppen med id-en \(finding.element?.rawValue ?? "") har ingen ledetekst, og ingen av elementene i den har en, så en skjermleser leser bare rollen; gi den en ledetekst som sier hva den er."
        case let (.label, .withoutLabel(role)?):
            return "Elementet med id-en \(finding.element?.rawValue ?? "") (rollen \(role.rawValue)) har ingen ledetekst, så en skjermleser leser bare rollen; gi det en ledetekst som sier hva det gjør."
        case (.label, .emptyLabelOn?):
            return element.map { "Elementet \(named($0)) har en tom label_on, så mens det er slått på, leser en skjermleser bare rollen; gi label_on en ledetekst, eller fjern den." }
        case (.label, _) where finding.passed:
            return element.map { "\(named($0)) har en ledetekst." }
        case let (.focusOrder, .notAStop(why)?):
            guard let id = finding.element else { return nil }
            let what = switch why {
            case let .insideGroup(group): "\(anywhere(id)), som er inne i gruppen \(anywhere(group)); en gruppe er ett sveipestopp, så nevn gruppen i stedet"
            case .unlabelledImage: "\(anywhere(id)), et bilde uten ledetekst, som en skjermleser hopper over"
            case let .onScreen(other):
                "\(anywhere(id)), som er på skjermbildet \(quoted(flow?.screen(other)?.title ?? other.rawValue)), ikke på dette"
            case .notInFlow: "\(id), som ikke er et element i denne flyten"
            }
            return "Fokusrekkefølgen på skjermbildet \(title) nevner \(what)."
        case (.focusOrder, .namedTwice?):
            return finding.element.map { "Fokusrekkefølgen på skjermbildet \(title) nevner \(anywhere($0)) mer enn én gang; hvert element er ett sveipestopp." }
        case (.focusOrder, .leftOut?):
            return finding.element.map { "Fokusrekkefølgen på skjermbildet \(title) utelater \(anywhere($0)), så en skjermleser når det først etter alt annet; nevn det der det hører hjemme." }
        case let (.focusOrder, .notTopToBottom(order, topToBottom)?):
            return "Fokusrekkefølgen på skjermbildet \(title) er \(ids(order)), men ovenfra og ned er den \(ids(topToBottom)); ordne den ovenfra og ned, eller oppgi focus_order_reason hvis denne rekkefølgen er ment."
        case (.focusOrder, nil) where finding.passed && finding.element == nil:
            guard let screen else { return nil }
            let order = screen.swipeOrder.map(\.rawValue).joined(separator: ", ")
            return screen.focusOrderReason == nil
                ? "Fokusrekkefølgen på skjermbildet \(title) er ovenfra og ned: \(order)."
                : "Fokusrekkefølgen på skjermbildet \(title), \(order), er ikke ovenfra og ned, av en oppgitt grunn: \(screen.focusOrderReason!)"
        case let (.errorAttached, .error(text, role, validation, actor)?):
            guard let id = finding.element else { return nil }
            let target = anywhere(id)
            if let actor {
                return finding.passed
                    ? "\(self.actor(actor, naming: anywhere)) setter feilen \(quoted(text)) på feltet \(target)."
                    : "\(self.actor(actor, naming: anywhere)) setter feilen \(quoted(text)) på \(target), et element med rollen \(role.rawValue), ikke på et felt; sett den på tekstfeltet den gjelder, så den leses opp med feltet."
            }
            let error = validation ? "Valideringsfeilen" : "Feilen"
            return finding.passed
                ? "\(error) \(quoted(text)) hører til feltet \(target)."
                : "\(error) \(quoted(text)) er på \(target), et element med rollen \(role.rawValue), ikke på et felt; "
                    + (validation ? "valider tekstfeltet den gjelder, så feilen leses opp med feltet." : "knytt den til tekstfeltet den gjelder, så den leses opp med feltet.")
        case let (.group, .crowdedGroup(interactive)?):
            guard let element, let first = interactive.first else { return nil }
            let names = interactive.map(anywhere)
            let list = names.dropLast().joined(separator: ", ") + " og " + names.last!
            return "Gruppen \(named(element)) har \(interactive.count) interaktive elementer: \(list); en gruppe er ett sveipestopp, og å aktivere den når bare \(anywhere(first)), så gi hvert element sitt eget stopp."
        case (.group, _) where finding.passed:
            guard let element else { return nil }
            let interactive = element.children.filter(\.isInteractive)
            return interactive.first.map { "Gruppen \(named(element)) har ett interaktivt element, \(named($0))." }
                ?? "Gruppen \(named(element)) har ingen interaktive elementer."
        case let (.bannerFocus, .bannerAfter(other)?):
            guard let element else { return nil }
            return "Banneret \(named(element)) vises når skjermbildet \(title) åpnes, men kommer etter \(anywhere(other)) i fokusrekkefølgen; plasser det først, så det leses opp når skjermbildet åpnes."
        case let (.bannerFocus, .bannerShown(actor)?):
            guard let id = finding.element else { return nil }
            return finding.passed
                ? "\(self.actor(actor, naming: anywhere)) viser banneret \(anywhere(id)) og flytter fokus til det."
                : "\(self.actor(actor, naming: anywhere)) viser banneret \(anywhere(id)), men flytter ikke fokus til det; legg til focus: \(id) etter show, så banneret leses opp."
        case (.bannerFocus, nil) where finding.passed:
            guard let element else { return nil }
            return "Banneret \(named(element)) vises når skjermbildet \(title) åpnes, og er først i fokusrekkefølgen."
        default:
            return nil
        }
    }

    /// Who a reaction's finding is about, to begin a sentence: «Å aktivere «Logg inn» (sign-in), når skjemaet er ugyldig,».
    private func actor(_ actor: LintActor, naming name: (ElementID) -> String) -> String {
        let who = actor.activating.map { "Å aktivere \(name($0))" }
            ?? actor.stepLine.map { "App-steget på linje \($0)" } ?? "Et app-steg"
        return switch actor.formValid {
        case true?: who + ", når skjemaet er gyldig,"
        case false?: who + ", når skjemaet er ugyldig,"
        case nil: who
        }
    }
}
