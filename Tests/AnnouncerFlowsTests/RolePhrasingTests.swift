import AnnouncerCore
import AnnouncerVoices
import Testing
@testable import AnnouncerFlows

/// The roles and states of ARIA 1.2 as Chromium gives them, read in each screen reader's words and order,
/// in English and Bokmål, with the shipped voice profiles.
@Suite struct RolePhrasingTests {
    static let english = PhraseComposerTests.english
    static let norwegian = PhraseComposerTests.norwegian

    static func say(_ element: Element, _ style: ReaderStyle = .voiceover, norwegian: Bool = false, entering: [ContextContainer] = []) -> String {
        PhraseComposer(profile: norwegian ? Self.norwegian : Self.english, style: style).phrase(for: element, entering: entering)
    }

    static func box(_ label: String, _ states: Set<ElementState>, role: Role = .checkbox) -> Element {
        Element(id: "e", role: role, label: label, states: states)
    }

    @Test("A check box says checked, not checked or mixed in every reader's words, never on or off", arguments: ReaderStyle.allCases)
    func checkBoxSaysCheckedNotOnOff(style: ReaderStyle) {
        let off = Self.say(Self.box("Lettuce", [.off]), style), on = Self.say(Self.box("Lettuce", [.on]), style)
        let mixed = Self.say(Self.box("All", [.mixed]), style)
        for phrase in [off, on, mixed] {
            #expect(!phrase.contains(", off") && !phrase.contains(", on") && !phrase.hasSuffix(" on") && !phrase.hasSuffix(" off"), "\(phrase)")
        }
        let expected: [ReaderStyle: (String, String, String)] = [
            .voiceover: ("Lettuce, checkbox, unchecked", "Lettuce, checkbox, checked", "All, checkbox, mixed"),
            .talkback: ("not checked, Lettuce, Check box. Double-tap to toggle", "checked, Lettuce, Check box. Double-tap to toggle",
                        "mixed, All, Check box. Double-tap to toggle"),
            .nvda: ("Lettuce, check box, not checked", "Lettuce, check box, checked", "All, check box, half checked"),
            .orca: ("Lettuce check box not checked", "Lettuce check box checked", "All check box partially checked"),
        ]
        #expect((off, on, mixed) == expected[style]!)
    }

    @Test("In Bokmål each reader says a check box in the words it ships in Norwegian")
    func checkBoxInBokmal() {
        let box = Self.box("Salat", [.off])
        #expect(Self.say(box, .voiceover, norwegian: true) == "Salat, avkrysningsboks, ikke avkrysset")
        #expect(Self.say(box, .nvda, norwegian: true) == "Salat, avkryssingsboks, ikke avkrysset")
        #expect(Self.say(box, .orca, norwegian: true) == "Salat avkryssingsboks ikke merket av")
        #expect(Self.say(box, .talkback, norwegian: true) == "ikke valgt, Salat, Avmerkingsboks. Dobbelttrykk for å slå av/på")
    }

    @Test("A switch says on and off, and a toggle button pressed and not pressed")
    func switchAndToggleButtonWords() {
        #expect(Self.say(Self.box("Email alerts", [.on], role: .switch)) == "Email alerts, switch button, on")
        #expect(Self.say(Self.box("Mute", [.off], role: .toggleButton)) == "Mute, toggle button, not pressed")
        #expect(Self.say(Self.box("Mute", [.on], role: .toggleButton), .nvda) == "Mute, toggle button, pressed")
        #expect(Self.say(Self.box("Demp", [.on], role: .toggleButton), .orca, norwegian: true) == "Demp av/på-knapp trykket")
    }

    @Test("A radio button says its state and its place in the group: 2 of 3, 2 av 3")
    func radioButtonSaysPositionInSet() {
        var radio = Self.box("Deep dish", [.on], role: .radio)
        radio.position = SetPosition(index: 2, count: 3)
        #expect(Self.say(radio) == "Deep dish, radio button, selected, 2 of 3")
        #expect(Self.say(radio, .nvda) == "Deep dish, radio button, checked, 2 of 3")
        radio.label = "Tykk bunn"
        #expect(Self.say(radio, norwegian: true) == "Tykk bunn, radioknapp, valgt, 2 av 3")
    }

    @Test("A slider says its aria-valuetext rather than its number, and its number when it has none")
    func sliderSaysValueText() {
        var slider = Element(id: "heat", role: .slider, label: "Heat")
        slider.range = RangeValue(now: 2, minimum: 1, maximum: 3, text: "Medium")
        #expect(Self.say(slider) == "Heat, Medium, adjustable")
        #expect(Self.say(slider, .orca) == "Heat horizontal slider Medium")
        slider.range = RangeValue(now: 2.5, minimum: 0, maximum: 10)
        #expect(Self.say(slider, .nvda) == "Heat, slider, 2.5")
        slider.range = RangeValue(now: 7, minimum: 0, maximum: 10)
        #expect(Self.say(slider, .nvda, norwegian: true) == "Heat, glidebryter, 7")
    }

    @Test("A heading says its level in each reader's words")
    func headingSaysLevel() {
        let heading = Element(id: "h", role: .header, label: "Fillings", level: 2)
        #expect(Self.say(heading) == "Fillings, heading level 2")
        #expect(Self.say(heading, .nvda) == "Fillings, heading, level 2")
        #expect(Self.say(heading, norwegian: true) == "Fillings, overskrift nivå 2")
    }

    @Test("A role the reader has no word for is said by Chromium's name, never dropped")
    func unknownRoleIsSaidByChromiumName() {
        let feed = Element(id: "f", role: .other, label: "News", roleName: "feed")
        #expect(Self.say(feed) == "News, feed")
        #expect(Self.say(feed, .orca, norwegian: true) == "News feed")
    }

    @Test("aria-current and aria-haspopup are said in each reader's words")
    func currentAndPopupAreSaid() {
        let link = Element(id: "l", role: .link, label: "Winter boots", current: "page")
        #expect(Self.say(link) == "Winter boots, link, current page")
        #expect(Self.say(link, norwegian: true) == "Winter boots, lenke, gjeldende side")
        let button = Element(id: "b", role: .button, label: "Actions", states: [.collapsed], popup: "menu")
        #expect(Self.say(button, .nvda) == "Actions, button, collapsed, subMenu")
        #expect(Self.say(button, .orca) == "Actions collapsed push button opens menu")
    }

    /// What Orca 43 said on Flows/web/patterns/ (docs/FLOWS.md, "The Orca style against the real Orca").
    @Test("The Orca style puts each role's parts where Orca 43 does: expansion before a button's role, a spin button's value and a radio button's state before theirs")
    func orcaOrderPerRole() {
        let spin = Element(id: "s", role: .spinButton, label: "Guests", range: RangeValue(now: 2, minimum: 1, maximum: 8))
        #expect(Self.say(spin, .orca) == "Guests 2 spin button")
        #expect(Self.say(spin, .nvda) == "Guests, spin button, 2")
        let combo = Element(id: "c", role: .comboBox, label: "Fruit", value: "Banana", states: [.collapsed], popup: "listbox")
        #expect(Self.say(combo, .orca) == "Fruit editable combo box Banana opens listbox")
        #expect(Self.say(combo, .orca, norwegian: true) == "Fruit redigerbar komboboks Banana åpner listeboks")
        #expect(Self.say(Self.box("Deep dish", [.off], role: .radio), .orca) == "Deep dish not selected radio button")
        #expect(Self.say(Element(id: "l", role: .link, label: "Winter boots", current: "page"), .orca) == "Winter boots link")
    }

    @Test("The Orca style says a progress bar as Orca 43 works it out, a percentage of the maximum, instead of its role")
    func orcaProgressBarPercent() {
        var bar = Element(id: "p", role: .progressBar, label: "Upload", range: RangeValue(now: 40, minimum: 0, maximum: 200, text: "Forty"))
        #expect(Self.say(bar, .orca) == "Upload 20 percent")
        #expect(Self.say(bar, .orca, norwegian: true) == "Upload 20 prosent")
        // Orca 43 does not take the minimum off the value: 15 of 10 to 20 is "150 percent".
        bar.range = RangeValue(now: 15, minimum: 10, maximum: 20)
        #expect(Self.say(bar, .orca) == "Upload 150 percent")
        #expect(Self.say(bar, .nvda) == "Upload, progress bar, 15")
    }

    @Test("In a grid the Orca style reads the row coming in, then only the header and coordinate that changed")
    func orcaGridMoves() {
        let grid = ContextContainer(role: .grid, roleName: "grid", name: "Transactions", rows: 3, columns: 3, identity: 1)
        func cell(_ text: String, _ row: Int, _ column: Int, _ header: String) -> Element {
            var cell = Element(id: ElementID(text), role: .gridCell, label: text,
                               cell: CellPosition(row: row, column: column, columnHeader: header, rowText: ["01-Jan-16", "Deposit", "$1,000,000.00"]))
            cell.context = [grid]
            return cell
        }
        let orca = PhraseComposer(profile: Self.english, style: .orca)
        let first = cell("01-Jan-16", 2, 1, "Date"), right = cell("Deposit", 2, 2, "Type"), down = cell("Withdrawal", 3, 2, "Type")
        #expect(orca.phrase(for: first, entering: [grid]) == "Transactions table with 3 rows 3 columns. 01-Jan-16. Deposit. $1,000,000.00")
        #expect(orca.phrase(for: right, previous: first) == "Type column header Deposit. column 2")
        #expect(orca.phrase(for: down, previous: right) == "Withdrawal. row 3")
        #expect(orca.phrase(for: first, previous: down) == "Date column header 01-Jan-16. row 2 column 1")
        #expect(PhraseComposer(profile: Self.norwegian, style: .orca).phrase(for: down, previous: right) == "Withdrawal. rad 3")
    }

    @Test("Orca names no container around a link, and says its mode after the element when focus switches it")
    func orcaLinksAndModes() {
        let navigation = ContextContainer(role: .navigation, roleName: "navigation", name: "Main", identity: 1)
        var link = Element(id: "n", role: .link, label: "News")
        link.context = [navigation]
        #expect(Self.say(link, .orca, entering: [navigation]) == "News link")
        #expect(Self.say(link, .nvda, entering: [navigation]).hasPrefix("Main navigation"))
        var modes = OrcaModes()
        let slider = Element(id: "v", role: .slider, label: "Volume", range: RangeValue(now: 5, minimum: 0, maximum: 10))
        let orca = PhraseComposer(profile: Self.english, style: .orca)
        #expect(orca.phrase(orca.phrase(for: slider), then: modes.focusMoved(to: slider)) == "Volume horizontal slider 5. Focus mode")
        #expect(modes.focusMoved(to: slider) == nil, "still in focus mode: nothing more")
        #expect(modes.focusMoved(to: Element(id: "b", role: .button, label: "Export")) == .browse)
        #expect(modes.focusMoved(to: Element(id: "m", role: .button, label: "Actions", popup: "menu")) == .focus)
        #expect(modes.focusMoved(to: Self.box("Olives", [.off])) == .browse)
        #expect(PhraseComposer(profile: Self.norwegian, style: .orca).modeSentence(.browse) == "Utforskermodus")
        #expect(PhraseComposer(profile: Self.english, style: .nvda).modeSentence(.focus) == nil, "NVDA marks the switch with a sound")
    }

    @Test("Read only, required and invalid are said, and an attached error replaces invalid")
    func formStates() {
        let field = Element(id: "f", role: .textField, label: "Account", states: [.readonly, .required, .invalid])
        #expect(Self.say(field) == "Account, text field, required, invalid data, read only")
        #expect(Self.say(field, .nvda) == "Account, edit, required, invalid entry, read only")
        var withError = field
        withError.error = "Must be 8 digits"
        #expect(Self.say(withError, .orca) == "Account entry required read only. Error: Must be 8 digits")
    }

    @Test("A table cell says its column's header, its row and its column")
    func cellSaysHeadersRowAndColumn() {
        let cell = Element(id: "c", role: .gridCell, label: "Deposit", cell: CellPosition(row: 2, column: 2, columnHeader: "Type"))
        #expect(Self.say(cell) == "Deposit, cell, Type, row 2, column 2")
        #expect(Self.say(cell, norwegian: true) == "Deposit, celle, Type, rad 2, kolonne 2")
    }

    /// What Orca 43 said of a check box in a group, verbatim (docs/SCREEN-READERS.md; REFERENCE.md §11).
    @Test("Entering a group and a list, the Orca style says what the real Orca says: the group, the list's size, then the box")
    func orcaStyleSaysContextAsOrcaDoes() {
        let group = ContextContainer(role: .group, roleName: "group", name: "Sandwich Condiments", identity: 1)
        let list = ContextContainer(role: .list, roleName: "list", name: "", count: 2, identity: 2)
        let box = Self.box("Lettuce", [.off])
        #expect(Self.say(box, .orca, entering: [group, list]) == "Sandwich Condiments panel. List with 2 items. Lettuce check box not checked")
        #expect(Self.say(box, .voiceover, entering: [group, list]) == "Sandwich Condiments, group. List, 2 items. Lettuce, checkbox, unchecked")
        #expect(Self.say(box, .nvda, entering: [list]) == "List with 2 items. Lettuce, check box, not checked")
        #expect(Self.say(box, .orca, norwegian: true, entering: [group, list]) == "Sandwich Condiments panel. Liste med 2 oppføringer. Lettuce avkryssingsboks ikke merket av")
        let one = ContextContainer(role: .list, roleName: "list", name: "", count: 1, identity: 3)
        #expect(Self.say(box, .orca, entering: [one]).hasPrefix("List with 1 item. "))
    }

    @Test("A table names its rows and columns on the way in, and TalkBack names only lists and grids")
    func tableContext() {
        let grid = ContextContainer(role: .grid, roleName: "grid", name: "Transactions", rows: 3, columns: 3, identity: 1)
        let cell = Element(id: "c", role: .gridCell, label: "Deposit")
        #expect(Self.say(cell, entering: [grid]) == "Transactions, grid, 3 rows, 3 columns. Deposit, cell")
        #expect(Self.say(cell, .nvda, entering: [grid]) == "Table with 3 rows and 3 columns. Deposit, cell")
        let group = ContextContainer(role: .group, roleName: "group", name: "Fillings", identity: 2)
        #expect(Self.say(cell, .talkback, entering: [group]) == "Deposit, cell. Double-tap to select")
    }

    @Test("VoiceOver says aria-describedby as the hint, with hints on; the other readers say it always")
    func descriptionIsSaidAsEachReaderDoes() {
        let box = Element(id: "t", role: .checkbox, label: "I accept the terms", states: [.off], description: "You can read them on the next page.")
        #expect(Self.say(box) == "I accept the terms, checkbox, unchecked")
        #expect(PhraseComposer(profile: Self.english).phrase(for: box, hints: true) == "I accept the terms, checkbox, unchecked. You can read them on the next page.")
        #expect(Self.say(box, .nvda) == "I accept the terms, check box, not checked. You can read them on the next page.")
    }

    @Test("TalkBack says a button's usage hint, and none for a dimmed one")
    func talkBackUsageHints() {
        #expect(Self.say(Element(id: "b", role: .button, label: "Sign in"), .talkback) == "Sign in, Button. Double-tap to activate")
        #expect(Self.say(Element(id: "b", role: .button, label: "Logg inn"), .talkback, norwegian: true) == "Logg inn, Knapp. Dobbelttrykk for å aktivere")
        #expect(Self.say(Element(id: "b", role: .button, label: "Sign in", states: [.disabled]), .talkback) == "Sign in, Button, disabled")
        #expect(Self.say(Element(id: "f", role: .textField, label: "Email address"), .talkback) == "Email address, Edit box. Double-tap to edit text")
    }

    @Test("A role its profile has no word for is one sentence at load, naming the role and the profile's file")
    func missingRoleWordIsOneSentence() {
        var profile = Self.english
        profile.words["roles.slider"] = nil
        profile.sources = ["/home/kari/.config/announcer/voices/en.yaml"]
        let flow = Flow(name: "Settings", language: .english, screens: [
            Screen(id: "s", elements: [Element(id: "volume", role: .slider, label: "Volume"), Element(id: "ok", role: .button, label: "OK")]),
        ], steps: [], file: "settings.en.yaml")
        #expect(RoleWordCheck.sentences(flow: flow, profile: profile, style: .voiceover)
            == ["The role slider has no word in /home/kari/.config/announcer/voices/en.yaml (words.roles.slider), so it is read as \"slider\"."])
        #expect(PhraseComposer(profile: profile).phrase(for: Element(id: "volume", role: .slider, label: "Volume")) == "Volume, slider")
        #expect(RoleWordCheck.sentences(flow: flow, profile: Self.english, style: .voiceover).isEmpty)
    }

    /// Orca 43's scripts/default.py (onSelectedChanged) says "selected" when Space selects the focused element,
    /// a tab included, though its tab phrase has no state; an arrow that selects says nothing of it.
    @Test("Orca says selected when Space selects the focused tab, in English and Bokmål, and nothing of it after an arrow")
    func orcaSaysSelectedAfterSpace() {
        let tab = Element(id: "t", role: .tab, label: "Carl Andersen")
        let selected = { var next = tab; next.states = [.selected]; return next }()
        let orca = PhraseComposer(profile: Self.english, style: .orca)
        #expect(orca.change(from: tab, to: selected, key: .space) == "selected")
        #expect(orca.change(from: selected, to: tab, key: .space) == "unselected")
        #expect(PhraseComposer(profile: Self.norwegian, style: .orca).change(from: tab, to: selected, key: .space) == "valgt")
        #expect(orca.change(from: tab, to: selected, key: .arrowRight) == "", "Orca 43 says no state for a page tab")
        #expect(PhraseComposer(profile: Self.english, style: .nvda).change(from: tab, to: selected, key: .space) == "selected")
    }

    /// What Orca 43 said on the checkbox page (Flows/web/orca-checkbox.en.yaml): Space gives "checked",
    /// Shift-Tab out of the group "leaving list. leaving panel. Clear choices push button."
    @Test("NVDA and Orca say only what changed in place, and Orca says the containers it leaves, innermost first")
    func changesAndLeavingAsOrcaSaysThem() {
        let off = Self.box("Olives", [.off]), on = Self.box("Olives", [.on])
        let orca = PhraseComposer(profile: Self.english, style: .orca)
        #expect(orca.change(from: off, to: on) == "checked")
        #expect(PhraseComposer(profile: Self.english, style: .nvda).change(from: on, to: off) == "not checked")
        var slider = Element(id: "v", role: .slider, label: "Volume", range: RangeValue(now: 5))
        let moved = { var next = slider; next.range = RangeValue(now: 6); return next }()
        #expect(orca.change(from: slider, to: moved) == "6")
        slider.label = "Heat"
        #expect(orca.change(from: slider, to: moved) == nil, "another element is read whole")
        #expect(orca.change(from: on, to: on) == nil, "nothing changed: read whole")
        let group = ContextContainer(role: .group, roleName: "group", name: "Pizza toppings", identity: 1)
        let list = ContextContainer(role: .list, roleName: "list", name: "", count: 2, identity: 2)
        let moves = ContextContainer.moves(from: [group, list], to: [])
        #expect(moves.leaving.map(\.identity) == [2, 1] && moves.entering.isEmpty)
        let button = Element(id: "c", role: .button, label: "Clear choices")
        #expect(orca.phrase(for: button, leaving: moves.leaving) == "Leaving list. Leaving panel. Clear choices push button")
        #expect(Self.say(button, .voiceover) == PhraseComposer(profile: Self.english).phrase(for: button, leaving: moves.leaving))
        #expect(PhraseComposer(profile: Self.norwegian, style: .orca).phrase(for: button, leaving: [list]) == "Forlater liste. Clear choices trykknapp")
    }
}
