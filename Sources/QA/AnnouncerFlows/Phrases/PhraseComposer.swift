import Foundation
public import AnnouncerVoices

/// Composes what a screen reader says for an element, in a reader's style (`ReaderStyle`): label, value,
/// role, state, position and error in that reader's order, joined with ", " (or ". " before a part that
/// begins a sentence), then the description (VoiceOver's hint), and the hint after a pause when hints
/// are on (TalkBack's usage hint always). Containers focus has just entered are named first, each as a sentence.
/// The words come from the voice profile of the flow's language: `words.styles.STYLE.KEY` over
/// `words.KEY`; a word the profile lacks is the role's own name, never a blank and never a key.
public struct PhraseComposer: Sendable {
    /// One part of a phrase.
    public enum Part: String, Sendable, CaseIterable {
        case label, value, role, checked, expansion, state, popup, position, error
    }

    /// VoiceOver's order of the parts, the default style's. A part with nothing to say is left out, never said as a blank.
    public static let order: [Part] = ReaderStyle.voiceover.order

    /// What each part says, in words, for docs/FLOWS.md and the tests.
    public static let rules: [(part: Part, says: String)] = [
        (.label, "the label; a toggle that is on says its label_on; a page element its accessible name"),
        (.value, "a text field's text; a secure text field's number of characters (words.values.secure, or words.values.secure_one for one), never its text; a slider's, spin button's, progress bar's or meter's aria-valuetext, else its number; a toggle none, since its state says it"),
        (.role, "the role's word (words.roles.*), a heading with its level (words.heading_level); an unknown role Chromium's name for it; static text has none"),
        (.checked, "a toggle's state in its role's words: on/off for a switch, checked/not checked/mixed for a check box, selected/not selected for a radio button (in VoiceOver's and Orca's words), pressed/not pressed for a toggle button; selected"),
        (.expansion, "expanded or collapsed (words.states.*), which Orca says before a button's role and not at all for a combo box"),
        (.state, "each other state's word (words.states.*), in the order disabled, required, invalid, read only, multi-select, busy, then aria-current (words.current.*); invalid is left out when an error is attached, since the error says it"),
        (.popup, "aria-haspopup (words.popup.*), which Orca says last"),
        (.position, "\"2 of 3\" among its siblings (words.position); a cell's headers, row and column (words.cell)"),
        (.error, "the error word (words.error), a colon, and the error: \"Error: Must be a valid email address\""),
    ]

    /// Between the phrase and its hint: a full stop, which eSpeak reads as a pause.
    public static let hintPause = ". "

    private let profile: VoiceProfile
    public let style: ReaderStyle

    public init(profile: VoiceProfile, style: ReaderStyle = .voiceover) {
        self.profile = profile
        self.style = style
    }

    /// The element's phrase; `hints` adds its hint after a pause; `leaving` names the containers focus has
    /// just left, innermost first, and `entering` those it has just come into, outermost first, before it.
    /// `previous` is the element focus came from, for the readers that say only what changed between two
    /// cells of a grid.
    public func phrase(for element: Element, hints: Bool = false, entering: [ContextContainer] = [], leaving: [ContextContainer] = [],
                       previous: Element? = nil) -> String {
        let (entering, leaving) = style.namesContext(around: element) ? (entering, leaving) : ([], [])
        var parts: [(text: String, beginsSentence: Bool)] = []
        for part in style.order(for: element.role) {
            for said in words(for: part, of: element) where !said.text.isEmpty {
                parts.append((said.text, said.isProse && said.text.first?.isUppercase == true))
            }
        }
        var phrase = orcaCell(element, after: previous) ?? join(parts)
        var after: [String] = []
        // VoiceOver says aria-describedby as the element's hint, after a pause and only with hints on;
        // TalkBack, NVDA and Orca say it after the element, always.
        let description = element.description.flatMap { $0.isEmpty ? nil : $0 }
        if style != .voiceover, let description { after.append(description) }
        let hint = element.hint ?? (style == .voiceover ? description : nil) ?? element.children.lazy.compactMap(\.hint).first
        if hints, let hint, !hint.isEmpty { after.append(hint) }
        if let usage = usageHint(for: element) { after.append(usage) }
        for text in after {
            // A phrase that already ends a sentence, such as one whose error ends with a full stop,
            // gets no second one: "required.. This field" would be read "dot dot" at punctuation all.
            let endsSentence = phrase.last.map { ".?!".contains($0) } ?? false
            phrase += phrase.isEmpty ? text : (endsSentence ? " " : Self.hintPause) + text
        }
        let context = (leaving.map { contextSentence($0, key: "leaving") } + entering.map { contextSentence($0) }).filter { !$0.isEmpty }
        guard !context.isEmpty else { return phrase }
        // After the containers' sentences the element's phrase begins a sentence too.
        return (context + [phrase.capitalizingFirstLetter]).filter { !$0.isEmpty }.map { sentence in
            sentence.last.map { ".?!".contains($0) } ?? false ? sentence : sentence + "."
        }.joined(separator: " ").dropLastFullStop(unless: phrase.last.map { ".?!".contains($0) } ?? false)
    }

    /// How Orca 43 reads a cell of a grid or table (orca/formatting.py, `ROLE_TABLE_CELL`): coming from
    /// outside the table, the whole row, cell by cell ("01-Jan-16. Deposit. $1,000,000.00"); moving within
    /// it, the header of a column or row that changed, the cell's text, and only the coordinate that changed
    /// ("Type column header Deposit. column 2"). Nil in the other styles, and for what is not a cell.
    func orcaCell(_ element: Element, after previous: Element?) -> String? {
        guard style == .orca, let cell = element.cell, [.gridCell, .cell].contains(element.role) else { return nil }
        let table = { (element: Element) in element.context.last { $0.role == .grid || $0.role == .table }?.identity }
        guard let old = previous?.cell, let previous, table(previous) != nil, table(previous) == table(element) else {
            let row = (cell.rowText ?? [element.currentLabel]).filter { !$0.isEmpty }
            return row.joined(separator: ". ")
        }
        var headers: [String] = []
        if old.row != cell.row, let header = cell.rowHeader { headers.append("\(header) \(roleWord(.rowHeader))") }
        if old.column != cell.column, let header = cell.columnHeader { headers.append("\(header) \(roleWord(.columnHeader))") }
        var coordinates: [String] = []
        if old.row != cell.row { coordinates.append(PhraseTemplate.fill(word("cell_row") ?? "row {row}", ["row": String(cell.row)])) }
        if old.column != cell.column { coordinates.append(PhraseTemplate.fill(word("cell_column") ?? "column {column}", ["column": String(cell.column)])) }
        return [(headers + [element.currentLabel]).joined(separator: " "), coordinates.joined(separator: " ")]
            .filter { !$0.isEmpty }.joined(separator: ". ")
    }

    /// A progress bar's value as Orca 43 says it, a percentage of its maximum, worked out as Orca's
    /// `getValueAsPercent` does: value / (maximum - minimum) * 100, cut to a whole number, without taking
    /// the minimum off the value first; `aria-valuetext` is not used. Nil in the other styles and for
    /// anything but a progress bar with a value and a range.
    func orcaPercent(_ element: Element) -> Int? {
        guard style == .orca, element.role == .progressBar, let range = element.range, let now = range.now else { return nil }
        let minimum = range.minimum ?? 0, maximum = range.maximum ?? 100
        if minimum == maximum { return minimum == now && (1...100).contains(now) ? Int(now) : nil }
        return Int(now / (maximum - minimum) * 100)
    }

    /// What Orca says as its mode switches ("Focus mode", `words.styles.orca.modes.focus`); nil in a style
    /// whose profile has no word for it, as NVDA, which marks the switch with a sound.
    public func modeSentence(_ mode: OrcaModes.Mode) -> String? {
        word(mode.wordKey).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The phrase, then the mode's sentence after it, as Orca says a switch once it has read the element.
    public func phrase(_ phrase: String, then mode: OrcaModes.Mode?) -> String {
        guard let mode, let sentence = modeSentence(mode) else { return phrase }
        let endsSentence = phrase.last.map { ".?!".contains($0) } ?? false
        return phrase.isEmpty ? sentence : phrase + (endsSentence ? " " : ". ") + sentence
    }

    /// What is said as focus enters a container: its name, kind and size in the reader's words
    /// ("Pizza toppings, group"; Orca's "List with 2 items."), or nothing for a container the reader does not name.
    public func contextSentence(_ container: ContextContainer, key prefix: String = "context") -> String {
        let kind: String
        switch container.role {
        case .bannerLandmark, .navigation, .main, .complementary, .contentInfo, .region, .search, .form: kind = "landmark"
        default: kind = container.role.rawValue
        }
        let count = container.count ?? 0
        let key = "\(prefix).\(kind)" + (count == 1 && word("\(prefix).\(kind)_one") != nil ? "_one" : "")
        guard let template = word(key) else { return "" }
        // Each container is a sentence of its own, begun with a capital as the reader's own are.
        return PhraseTemplate.fill(template, [
            "name": container.name, "role": roleWord(container.role, name: container.roleName),
            "count": container.count.map(String.init) ?? "", "rows": container.rows.map(String.init) ?? "",
            "columns": container.columns.map(String.init) ?? "",
        ]).capitalizingFirstLetter
    }

    /// What a reader that says only changes (`ReaderStyle.saysChangesOnly`) says when the focused element
    /// changes in place: its new state or value ("checked", "6"); nil when it is another element, or
    /// nothing it says has changed, so it is read whole.
    public func change(from old: Element, to new: Element, key: Key? = nil) -> String? {
        guard old.role == new.role, old.currentLabel == new.currentLabel else { return nil }
        var said: [String] = []
        let toggles: Set<ElementState> = [.on, .off, .mixed, .selected]
        if old.states.intersection(toggles) != new.states.intersection(toggles) {
            said += checkedWords(new.role, states: new.states).map(\.text)
        }
        // A style with `selection` words says them when Space changes the focused element's selection, as
        // Orca 43 does (scripts/default.py, onSelectedChanged: "selected" after Space, whatever the role).
        if key == .space, old.states.contains(.selected) != new.states.contains(.selected),
           let word = word(new.states.contains(.selected) ? "selection.selected" : "selection.unselected"), !word.isEmpty, !said.contains(word) {
            said.removeAll(where: \.isEmpty)
            said.append(word)
        }
        said += new.states.subtracting(old.states).subtracting(toggles).sorted().map { stateWord($0.rawValue) }
        if old.range?.spoken != new.range?.spoken, let value = new.range?.spoken { said.append(value) }
        if old.value != new.value, let value = new.value, !value.isEmpty, new.role != .secureTextField { said.append(value) }
        if old.current != new.current, let current = new.current { said.append(word("current.\(current)") ?? "current") }
        return said.isEmpty ? nil : said.joined(separator: style.separator)
    }

    /// The roles in `roles` the profile has no word for in this style, for the one sentence at load.
    public func rolesWithoutWords(_ roles: Set<Role>) -> [Role] {
        roles.filter { $0 != .staticText && $0 != .other && word($0.wordKey) == nil }.sorted { $0.rawValue < $1.rawValue }
    }

    /// Joins parts with the style's separator, except before a part that begins a sentence, which follows a full stop,
    /// as VoiceOver reads "Email. Error: Must be a valid email address": a capital letter after a comma
    /// reads wrongly in braille. A part that already ends a sentence gets no second full stop.
    /// Sentences are the error and the text of static content ("There were too many failed attempts");
    /// labels are names ("New picture", "Face ID") and what was typed into a field is data, so they keep
    /// their comma.
    func join(_ parts: [(text: String, beginsSentence: Bool)]) -> String {
        var joined = ""
        for part in parts {
            if !joined.isEmpty {
                if part.beginsSentence {
                    joined += (joined.last.map { ".?!:".contains($0) } ?? false) ? " " : ". "
                } else {
                    joined += style.separator
                }
            }
            joined += part.text
        }
        return joined
    }

    /// VoiceOver's join, for callers that compose without a style.
    static func join(_ parts: [(text: String, beginsSentence: Bool)]) -> String {
        PhraseComposer(profile: .bare(.english)).join(parts)
    }

    // MARK: - Words

    /// The word for `key` in this style: `styles.STYLE.KEY`, else `KEY`; nil when the profile has neither.
    func word(_ key: String) -> String? {
        profile.words["styles.\(style.rawValue).\(key)"] ?? profile.words[key]
    }

    /// A role's word; without one in the profile, the role's own name: Chromium's for a page's role.
    func roleWord(_ role: Role, name: String? = nil) -> String {
        if role == .other { return (name ?? "").replacingOccurrences(of: "_", with: " ") }
        return word(role.wordKey) ?? role.rawValue.replacingOccurrences(of: "_", with: " ")
    }

    /// A state's word; without one, its name.
    private func stateWord(_ key: String) -> String {
        word("states.\(key)") ?? key.replacingOccurrences(of: "_", with: " ")
    }

    /// TalkBack's usage hint, which it says after every actionable element ("Double-tap to activate"):
    /// `words.styles.talkback.usage.*`. Other readers' hints are off by default, so they have none.
    private func usageHint(for element: Element) -> String? {
        let role = element.role == .group ? element.children.first(where: \.isInteractive)?.role : element.role
        guard let role, !element.states.contains(.disabled) else { return nil }
        let kind: String? = switch role {
        case _ where role.isToggle: "toggle"
        case .textField, .secureTextField, .comboBox: "edit"
        case .slider, .spinButton: "adjust"
        case .option, .tab, .treeItem, .gridCell: "select"
        case .button, .imageButton, .link, .menuItem: "activate"
        default: nil
        }
        guard let kind, let hint = profile.words["styles.\(style.rawValue).usage.\(kind)"], !hint.isEmpty else { return nil }
        return hint
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
            // Orca 43 reads a focused tab panel as its role alone ("scroll pane"), without the tab's name.
            if style == .orca, element.role == .tabPanel { return [] }
            return [Said(text: element.currentLabel)]
        case .value:
            if let percent = orcaPercent(element) {
                return [Said(text: PhraseTemplate.fill(word("percent") ?? "{percent} percent", ["percent": String(percent)]))]
            }
            if let spoken = element.range?.spoken { return [Said(text: spoken)] }
            guard let value = element.value, !value.isEmpty, !element.role.isToggle else { return [] }
            // A control whose name is its value (an option, a tab) says it once.
            if value == element.currentLabel { return [] }
            if element.role == .secureTextField {
                let key = value.count == 1 && profile.words["values.secure_one"] != nil ? "values.secure_one" : "values.secure"
                return [Said(text: (word(key) ?? "{count}").replacingOccurrences(of: "{count}", with: String(value.count)))]
            }
            return [Self.value(value, of: element)]
        case .role:
            // Orca says a progress bar's percentage instead of its role ("Upload 40 percent").
            if orcaPercent(element) != nil { return [] }
            let role = roleWord(element.role, name: element.roleName)
            if let level = element.level, let template = word("heading_level") {
                return [Said(text: PhraseTemplate.fill(template, ["role": role, "level": String(level)]))]
            }
            return [Said(text: role)]
        case .checked:
            return checkedWords(element.role, states: element.states)
        case .expansion:
            return element.states.sorted().filter(\.isExpansion).map { Said(text: stateWord($0.rawValue)) }
        case .state:
            let hasError = !(element.error ?? "").isEmpty
            var said = element.states.sorted()
                .filter { ![.on, .off, .mixed, .selected].contains($0) && !$0.isExpansion && !(hasError && $0 == .invalid) }
                .map { Said(text: stateWord($0.rawValue)) }
            if let current = element.current {
                said.append(Said(text: word("current.\(current)") ?? word("current.true") ?? "current"))
            }
            return said
        case .popup:
            guard let popup = element.popup else { return [] }
            return [Said(text: word("popup.\(popup)") ?? word("popup.true") ?? "has popup")]
        case .position:
            if let cell = element.cell {
                let template = word("cell") ?? "{row_header}, {column_header}, row {row}, column {column}"
                return [Said(text: PhraseTemplate.fill(template, [
                    "row": String(cell.row), "column": String(cell.column),
                    "row_header": cell.rowHeader ?? "", "column_header": cell.columnHeader ?? "",
                ]))]
            }
            guard let position = element.position, let template = word("position") else { return [] }
            return [Said(text: PhraseTemplate.fill(template, ["index": String(position.index), "count": String(position.count)]))]
        case .error:
            guard let error = element.error, !error.isEmpty else { return [] }
            return [.prose("\(word("error") ?? "Error"): \(error)")]
        }
    }

    /// A toggle's state in its role's words, and whether it is selected.
    private func checkedWords(_ role: Role, states: Set<ElementState>) -> [Said] {
        var said: [Said] = []
        if states.contains(.mixed) {
            said.append(Said(text: stateWord("mixed")))
        } else if let keys = role.toggleWordKeys {
            if states.contains(.on) { said.append(Said(text: stateWord(keys.on))) }
            if states.contains(.off) { said.append(Said(text: stateWord(keys.off))) }
        } else {
            if states.contains(.on) { said.append(Said(text: stateWord("on"))) }
            if states.contains(.off) { said.append(Said(text: stateWord("off"))) }
        }
        if states.contains(.selected) { said.append(Said(text: stateWord("selected"))) }
        return said
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
        let states = group.states.union(interactive?.states ?? [])
        switch part {
        case .label:
            return [Said(text: group.label)] + children.flatMap { child in
                [Said(text: child.currentLabel)]
                    + ((child.role.isToggle || child.role == .secureTextField) ? [] : [Self.value(child.value ?? "", of: child)])
            }
        case .value, .position, .popup:
            return []
        case .role:
            return interactive.map { [Said(text: roleWord($0.role))] } ?? []
        case .checked:
            return checkedWords(interactive?.role ?? .group, states: states)
        case .expansion:
            return states.sorted().filter(\.isExpansion).map { Said(text: stateWord($0.rawValue)) }
        case .state:
            return states.sorted()
                .filter { ![.on, .off, .mixed, .selected].contains($0) && !$0.isExpansion && !(error != nil && $0 == .invalid) }
                .map { Said(text: stateWord($0.rawValue)) }
        case .error:
            return error.map { [.prose("\(word("error") ?? "Error"): \($0)")] } ?? []
        }
    }
}

private extension String {
    var capitalizingFirstLetter: String { prefix(1).uppercased() + dropFirst() }

    /// The context's sentences end in full stops; the element's phrase keeps its own ending.
    func dropLastFullStop(unless keep: Bool) -> String {
        keep || !hasSuffix(".") ? self : String(dropLast())
    }
}
