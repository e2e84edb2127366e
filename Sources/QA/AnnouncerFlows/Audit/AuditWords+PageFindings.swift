/// The page checks' sentences and a step's fault in Bokmål, said again from their values. axe-core
/// ships no Bokmål locale in the copy announce fetches (axe-playwright-python's axe.min.js alone), so
/// what a rule checks is said from `axeRules`, announcer's own table, with the rule's id kept.
extension AuditWords {
    /// The page finding's sentence in this language, or nil for its English text.
    func sentence(for finding: PageFinding) -> String? {
        guard bokmal, let detail = finding.detail else { return nil }
        switch detail {
        case let .axe(target, box):
            let checks = Self.axeRules[finding.rule].map { " sjekker at \($0)" } ?? ""
            let place = box.map { " " + boxSentence($0) } ?? ""
            let element = target == "the page" ? "siden" : "elementet \(quoted(target))\(place)"
            let verdict = switch finding.passed {
            case false?: "\(element) består den ikke."
            case nil: "om \(element) består den, må en person kontrollere."
            case true?: "\(element) består den."
            }
            return "axe-core-regelen \(finding.rule)\(checks); \(verdict)"
        case let .targetCrowded(target, box, neighbour, neighbourBox):
            return "Layoutkontrollen target-size: trykkflaten \(pageName(target)) \(boxSentence(box)) er mindre enn 24 × 24 px, og en sirkel "
                + "på 24 px rundt midten av den treffer trykkflaten \(pageName(neighbour)) \(boxSentence(neighbourBox))."
        case let .targetSizes(large, total, spaced, excepted):
            var text = "Layoutkontrollen target-size: \(large) av \(total) trykkflater er minst 24 × 24 px."
            if !spaced.isEmpty { text += " Mindre, men med 24 px avstand: \(spaced.map(pageName).joined(separator: ", "))." }
            if !excepted.isEmpty { text += " Mindre, men i en setning eller tegnet av nettleseren, og derfor unntatt: \(excepted.map(pageName).joined(separator: ", "))." }
            return text
        case let .focusHidden(element, box, cover, coverBox):
            return "Layoutkontrollen focus-not-obscured: etter Tab er det fokuserte elementet \(pageName(element)) \(boxSentence(box)) helt skjult av "
                + "\(pageName(cover))\(coverBox.map { " " + boxSentence($0) } ?? ""), som ligger fast i visningsområdet."
        case let .focusUnseen(element, box, margin):
            return "Layoutkontrollen focus-visible: etter Tab ser det fokuserte elementet \(pageName(element)) \(boxSentence(box)) likt ut som uten fokus; "
                + "ingen piksler i det eller i de \(margin) px rundt det endres."
        case .tabReachesNothing:
            return "Layoutkontrollen \(finding.rule): Tab når ingenting på siden, så fokus ble ikke sett."
        case let .focusReached(reached):
            let list = reached.map(pageName).joined(separator: ", ")
            if finding.criterion == .focusNotObscuredMinimum {
                return "Layoutkontrollen focus-not-obscured: Tab nådde \(reached.count) elementer, og innhold som ligger fast i visningsområdet, skjulte ingen av dem helt: \(list)."
            }
            let count = reached.count == 1 ? "det ene elementet" : "hvert av de \(reached.count) elementene"
            return "Layoutkontrollen focus-visible: fokus endret piksler i \(count) Tab nådde, avbildet med og uten fokus: \(list)."
        case let .fields(fields):
            guard !fields.isEmpty else {
                return "Layoutkontrollen redundant-entry: siden har ingen felt å fylle ut; en person må kontrollere de andre stegene i prosessen."
            }
            return "Layoutkontrollen redundant-entry: siden ber om \(fields.count) felt: \(fields.map(pageName).joined(separator: "; ")). En person må kontrollere at "
                + "ingenting som er skrevet inn tidligere i samme prosess, blir spurt om igjen, med mindre det er fylt ut eller kan velges."
        case let .help(help):
            guard !help.isEmpty else {
                return "Layoutkontrollen consistent-help: ingen lenke til hjelp, kontakt eller brukerstøtte ble sett på siden. En person må kontrollere at "
                    + "der de andre sidene i settet tilbyr hjelp, tilbyr denne den på samme sted, eller at ingen av dem gjør det."
            }
            return "Layoutkontrollen consistent-help: hjelp sett på siden (boks x, y, bredde, høyde): \(help.map(pageName).joined(separator: "; ")). "
                + "En person må kontrollere at den kommer i samme rekkefølge i forhold til det andre innholdet på hver side i settet."
        }
    }

    /// A page element as the layout check names it, `"Logg inn" (button#sign-in)`, with Bokmål's quotation marks.
    func pageName(_ name: String) -> String {
        guard name.hasPrefix("\""), let end = name.dropFirst().firstIndex(of: "\"") else { return name }
        return quoted(String(name[name.index(after: name.startIndex)..<end])) + name[name.index(after: end)...]
    }

    /// Why a check of the page could not be made (`PageAudit.notes`, `AxeCore.missing`) in Bokmål, or nil
    /// for its English. The error's own words are Chromium's or the page's, and stay on the terminal.
    func pageNote(_ note: String) -> String? {
        guard bokmal else { return nil }
        if note.hasPrefix("axe-core is not installed") {
            return "axe-core er ikke installert, så den kontrollerte ikke siden; kjør scripts/install-deps, eller slå den av med --no-axe."
        }
        if note.hasPrefix("ANNOUNCER_AXE names ") {
            return "ANNOUNCER_AXE peker på noe annet enn axe-cores axe.min.js, så axe-core kontrollerte ikke siden; oppgi filen, eller slå den av med --no-axe."
        }
        if note.hasPrefix("The page could not be checked by axe-core or for its layout") {
            return "Siden kunne ikke kontrolleres av axe-core eller for layouten."
        }
        if note.hasPrefix("The page "), note.hasSuffix(" did not finish loading in 30 seconds, so it was checked as far as it had loaded.") {
            return "Siden ble ikke ferdig lastet på 30 sekunder, så den ble kontrollert så langt den var lastet."
        }
        if note.hasPrefix("axe-core"), note.hasSuffix(", so only the layout checks were made.") || note.hasPrefix("axe-core could not check the page") {
            return "axe-core kunne ikke kontrollere siden, så bare layoutkontrollene ble gjort."
        }
        if note.hasPrefix("The page's layout could not be checked") { return "Layouten til siden kunne ikke kontrolleres." }
        return nil
    }

    /// Such as «(boksen 20 × 16 px ved 32, 300)», from x, y, width and height.
    func boxSentence(_ box: [Double]) -> String {
        guard box.count == 4 else { return "" }
        let pixels = { (value: Double) in value == value.rounded() ? String(Int(value)) : String(value).replacingOccurrences(of: ".", with: ",") }
        return "(boksen \(pixels(box[2])) × \(pixels(box[3])) px ved \(pixels(box[0])), \(pixels(box[1])))"
    }

    /// The step's fault, after «Steget kunne ikke utføres: ». Chromium's and the page's own messages are
    /// English, and stay in the JSON report and on the terminal.
    func faultClause(_ fault: StepFault) -> String {
        switch fault {
        case .flow(.nothingFocused): "ingenting har fokus ennå; gå til et element først."
        case let .flow(.unknownElement(id)): "ingen elementer har id-en \(id)."
        case let .flow(.notOnScreen(id, screen)): "elementet \(id) er ikke på skjermbildet \(screen)."
        case let .flow(.notATextField(id)): "elementet \(id) er ikke et tekstfelt, så ingenting kan skrives inn i det."
        case let .flow(.hidden(id)): "elementet \(id) er skjult nå, så det kan ikke nås."
        case .browserUnavailable: "Chromium mangler eller kunne ikke startes."
        case .browserEnded: "Chromium avsluttet mens announce snakket med nettleseren."
        case let .browserRefused(method, _): "Chromium avviste kallet \(method)."
        case let .browserTimedOut(method): "Chromium svarte ikke på kallet \(method) i tide."
        case let .pageNotLoaded(url, message): "siden \(url) kunne ikke lastes (Chromium: \(message))."
        case .pageScript: "et skript på siden feilet."
        case .screenReader: "den ekte skjermleseren, eller skrivebordet den kjører på, sviktet."
        }
    }

    /// What an axe-core rule checks, in Bokmål, to follow «sjekker at». On the shipped pages of Flows/web
    /// axe-core 4.12.1 fires color-contrast, button-name, target-size and aria-valid-attr-value; the others
    /// are WCAG A and AA rules that a page of a form or a widget commonly breaks.
    static let axeRules: [String: String] = [
        "aria-allowed-attr": "ARIA-attributtene er tillatt for elementets rolle",
        "aria-command-name": "knapper, lenker og menyvalg laget med ARIA har et tilgjengelig navn",
        "aria-hidden-focus": "elementer skjult med aria-hidden verken kan få fokus eller inneholder noe som kan",
        "aria-input-field-name": "inndatafelt laget med ARIA har et tilgjengelig navn",
        "aria-prohibited-attr": "elementet ikke har ARIA-attributter som er forbudt for rollen",
        "aria-required-attr": "elementer med en ARIA-rolle har attributtene rollen krever",
        "aria-required-children": "elementer med en ARIA-rolle inneholder elementene rollen krever",
        "aria-required-parent": "elementer med en ARIA-rolle ligger inne i elementet rollen krever",
        "aria-roles": "ARIA-rollene er gyldige",
        "aria-toggle-field-name": "avkrysningsbokser og brytere laget med ARIA har et tilgjengelig navn",
        "aria-valid-attr": "ARIA-attributtene har gyldige navn",
        "aria-valid-attr-value": "ARIA-attributtene har gyldige verdier",
        "autocomplete-valid": "autocomplete-attributtet har en gyldig verdi",
        "button-name": "knapper har et tilgjengelig navn",
        "color-contrast": "kontrasten mellom tekst og bakgrunn er minst 4,5:1, eller 3:1 for stor tekst",
        "document-title": "siden har en tittel",
        "duplicate-id-aria": "id-er som ARIA viser til, er unike",
        "form-field-multiple-labels": "et skjemafelt ikke har flere ledetekster",
        "html-has-lang": "html-elementet oppgir sidens språk",
        "html-lang-valid": "språkkoden på html-elementet er gyldig",
        "image-alt": "bilder har et tekstalternativ",
        "input-button-name": "inndataknapper har et tilgjengelig navn",
        "label": "skjemafelt har en ledetekst",
        "link-in-text-block": "lenker i løpende tekst skiller seg ut på annet enn farge",
        "link-name": "lenker har et tilgjengelig navn",
        "list": "lister bare inneholder listepunkter",
        "listitem": "listepunkter ligger i en liste",
        "nested-interactive": "interaktive elementer ikke ligger inne i hverandre",
        "scrollable-region-focusable": "områder som kan rulles, kan nås med tastaturet",
        "select-name": "nedtrekkslister har et tilgjengelig navn",
        "target-size": "trykkflater er minst 24 × 24 px, eller har nok avstand til andre",
        "valid-lang": "språkkodene i lang-attributtene er gyldige",
    ]
}
