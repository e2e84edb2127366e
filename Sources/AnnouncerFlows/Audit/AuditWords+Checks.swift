/// The check's and the lint's sentences in the report's language. English is the check's own
/// message; for Bokmål each is said again from its values. A finding with no Bokmål sentence here
/// keeps its English one, marked `lang="en"` in the report.
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

    /// The lint finding's sentence in this language, or nil for its English message.
    func sentence(for finding: LintFinding, on screen: Screen?) -> String? {
        guard bokmal else { return nil }
        let element = finding.element.flatMap { screen?.element($0) }
        switch finding.rule {
        case .contrast:
            guard let element, let pair = element.colours else { return nil }
            let ratio = finding.contrastRatio ?? pair.contrastRatio
            let required = pair.large ? "minst 3:1 kreves for stor tekst" : "minst 4,5:1 kreves for vanlig tekst"
            return "Kontrasten til \(named(element)): \(pair.text) på \(pair.background) er \(self.ratio(ratio)); \(required)."
        case .label where finding.passed:
            return element.map { "\(named($0)) har en ledetekst." }
        case .focusOrder where finding.passed && finding.element == nil:
            guard let screen else { return nil }
            let order = screen.swipeOrder.map(\.rawValue).joined(separator: ", ")
            let title = quoted(screen.title ?? screen.id.rawValue)
            return screen.focusOrderReason == nil
                ? "Fokusrekkefølgen på skjermbildet \(title) er ovenfra og ned: \(order)."
                : "Fokusrekkefølgen på skjermbildet \(title), \(order), er ikke ovenfra og ned, av en oppgitt grunn: \(screen.focusOrderReason!)"
        case .errorAttached where finding.passed:
            // The lint's own findings on a field; those of a reaction name their actor in English, and keep it.
            guard let element, finding.message.hasPrefix("The ") else { return nil }
            if finding.message.hasPrefix("The validation error"), let validation = element.validation {
                return "Valideringsfeilen \(quoted(validation.error)) hører til feltet \(named(element))."
            }
            return element.error.map { "Feilen \(quoted($0)) hører til feltet \(named(element))." }
        case .group where finding.passed:
            guard let element else { return nil }
            let interactive = element.children.filter(\.isInteractive)
            return interactive.first.map { "Gruppen \(named(element)) har ett interaktivt element, \(named($0))." }
                ?? "Gruppen \(named(element)) har ingen interaktive elementer."
        case .bannerFocus where finding.passed:
            guard let element, let screen, finding.message.hasPrefix("The banner") else { return nil }
            return "Banneret \(named(element)) vises når skjermbildet \(quoted(screen.title ?? screen.id.rawValue)) åpnes, og er først i fokusrekkefølgen."
        default:
            return nil
        }
    }
}
