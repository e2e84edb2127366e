import AnnouncerCore
public import AnnouncerVoices

/// Reads a flow file (docs/FLOWS.md) into a `Flow`, or says with file and line what is wrong in it.
public enum FlowReader {
    /// The flow in the file at `path`, or every problem found in it. A file over `YAMLLimits.flow`
    /// (1 MiB, or expanding past its bounds through aliases) is refused in one sentence, unread.
    public static func read(file path: String) -> Result<Flow, FlowFileError> {
        read(YAMLDocument(contentsOf: path, limits: .flow))
    }

    /// The flow in `yaml`, named `file` in messages.
    public static func read(yaml: String, file: String) -> Result<Flow, FlowFileError> {
        read(YAMLDocument(yaml: yaml, file: file, limits: .flow))
    }

    private static func read(_ document: YAMLDocument) -> Result<Flow, FlowFileError> {
        guard let root = document.root else { return .failure(FlowFileError(problems: document.problems)) }
        var reader = Reader(file: document.file)
        let flow = reader.flow(root)
        let problems = document.problems
        guard problems.isEmpty, let flow else {
            return .failure(FlowFileError(problems: problems.isEmpty
                ? [FileProblem(file: document.file, line: nil, message: "The flow could not be read.")] : problems))
        }
        return .success(flow)
    }
}

/// Why a flow file cannot be used: one sentence per problem, each with its file and line.
public struct FlowFileError: Error, Sendable, CustomStringConvertible {
    public var problems: [FileProblem]
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}

/// The reading itself; problems go to the document as they are found.
private struct Reader {
    let file: String
    var elementIDs: [ElementID: Int?] = [:]
    var referencedElements: [(ElementID, YAMLNode)] = []
    var referencedScreens: [(ScreenID, YAMLNode)] = []

    init(file: String) { self.file = file }

    static let flowKeys = ["flow", "language", "style", "organisation", "screens", "steps", "page"]
    static let screenKeys = ["id", "title", "elements", "focus_order", "focus_order_reason"]
    static let elementKeys = [
        "id", "role", "label", "label_on", "value", "state", "hint", "error", "colours",
        "elements", "validate", "on_activate", "hidden", "paste", "cognitive_test",
        "description", "role_name", "level", "position", "range", "cell", "current", "popup",
    ]
    static let reactionNames = ["announce", "focus", "set", "show", "hide", "toggle", "go_to", "submit"]
    static let actionNames = ["next", "previous", "activate", "press", "type", "touch", "app", "check", "wait"]

    mutating func flow(_ root: YAMLNode) -> Flow? {
        guard let entries = fields(root, allowed: Self.flowKeys, what: "a flow") else { return nil }
        let name = required("flow", in: entries, root)?.string()
        var language: Language?
        if let node = required("language", in: entries, root), let code = node.string() {
            language = Language(code: code)
            if language == nil { node.report("\"\(code)\" is not a language code; use en or nb.") }
        }
        var style: ReaderStyle?
        if let node = entries["style"], let name = node.string() {
            style = ReaderStyle(rawValue: name)
            if style == nil { node.report("The style \"\(name)\" is not known; use \(ReaderStyle.names).") }
        }
        let organisation = entries["organisation"].flatMap(organisation)
        // A flow of a real page names the page instead of describing screens, and its steps name
        // elements by label or page id, which only the page can check.
        let page = entries["page"]?.string().map { Self.resolve($0, besides: file) }
        if let pageNode = entries["page"], entries["screens"] != nil {
            pageNode.report("A flow has page or screens, not both: page names a real page, screens describe one.")
        }
        if page != nil { referencedElements = [] }
        let screenNodes = page != nil ? [] : required("screens", in: entries, root)?.sequence() ?? []
        let screens = screenNodes.compactMap { screen($0) }
        var screenIDs: Set<ScreenID> = []
        for (screen, node) in zip(screens, screenNodes) where !screenIDs.insert(screen.id).inserted {
            node.report("The screen id \"\(screen.id)\" is used by another screen already; screen ids are unique in a flow.")
        }
        if screens.isEmpty, entries["screens"] != nil { entries["screens"]?.report("A flow needs at least one screen.") }
        let steps = entries["steps"]?.sequence()?.compactMap { step($0) } ?? []
        if page != nil { referencedElements = [] }
        for (id, node) in referencedElements where elementIDs[id] == nil {
            node.report("No element has the id \"\(id)\".")
        }
        for (id, node) in referencedScreens where !screenIDs.contains(id) {
            node.report("No screen has the id \"\(id)\".")
        }
        guard let name, let language else { return nil }
        var flow = Flow(name: name, language: language, organisation: organisation, screens: screens, steps: steps, file: file, page: page)
        flow.style = style
        return flow
    }

    /// A page's address as written, or a file's path made relative to the flow file's folder.
    static func resolve(_ page: String, besides file: String) -> String {
        if page.range(of: "^[a-zA-Z][a-zA-Z0-9+.-]*:", options: .regularExpression) != nil || page.hasPrefix("/") { return page }
        guard let slash = file.lastIndex(of: "/") else { return page }
        return String(file[...slash]) + page
    }

    private func organisation(_ node: YAMLNode) -> Organisation? {
        guard let entries = fields(node, allowed: ["name", "colours"], what: "an organisation") else { return nil }
        guard let name = required("name", in: entries, node)?.string() else { return nil }
        var colours: [String: RGBColour] = [:]
        for (key, value) in entries["colours"]?.mapping() ?? [] {
            if let colour = colour(value) { colours[key] = colour }
        }
        return Organisation(name: name, colours: colours)
    }

    private mutating func screen(_ node: YAMLNode) -> Screen? {
        guard let entries = fields(node, allowed: Self.screenKeys, what: "a screen") else { return nil }
        guard let id = required("id", in: entries, node)?.string() else { return nil }
        let elements = required("elements", in: entries, node)?.sequence()?.compactMap { element($0, inGroup: false) } ?? []
        var focusOrder: [ElementID]?
        if let orderNode = entries["focus_order"], let ids = orderNode.strings() {
            focusOrder = ids.map { ElementID($0) }
            for id in focusOrder ?? [] { referencedElements.append((id, orderNode)) }
        }
        return Screen(
            id: ScreenID(id), title: entries["title"]?.string(), elements: elements, focusOrder: focusOrder,
            focusOrderReason: entries["focus_order_reason"]?.string(), line: node.line
        )
    }

    private mutating func element(_ node: YAMLNode, inGroup: Bool) -> Element? {
        guard let entries = fields(node, allowed: Self.elementKeys, what: "an element") else { return nil }
        guard let idText = required("id", in: entries, node)?.string() else { return nil }
        let id = ElementID(idText)
        if idText == "first_invalid" {
            entries["id"]?.report("The id \"first_invalid\" is kept for focus: first_invalid; choose another.")
        }
        if elementIDs[id] != nil {
            entries["id"]?.report("The id \"\(idText)\" is used by another element already; ids are unique in a flow.")
        }
        elementIDs[id] = node.line
        guard let roleNode = required("role", in: entries, node), let roleName = roleNode.string() else { return nil }
        guard let role = Role(rawValue: roleName) else {
            roleNode.report("The role \"\(roleName)\" is not known; use one of \(Role.names).")
            return nil
        }
        var states: Set<ElementState> = []
        if let stateNode = entries["state"] {
            let names: [String]? = if case .sequence = stateNode.shape { stateNode.strings() } else { stateNode.string().map { [$0] } }
            for name in names ?? [] {
                if let state = ElementState(rawValue: name) { states.insert(state) } else {
                    stateNode.report("The state \"\(name)\" is not known; use \(ElementState.names).")
                }
            }
        }
        if role.isToggle, states.isDisjoint(with: [.on, .off, .mixed]) { states.insert(.off) }
        var children: [Element] = []
        if let childNodes = entries["elements"] {
            if role != .group { childNodes.report("Only a group holds elements; this element's role is \(role.rawValue).") }
            if inGroup { childNodes.report("A group cannot hold another group.") }
            children = childNodes.sequence()?.compactMap { self.element($0, inGroup: true) } ?? []
        } else if role == .group {
            node.report("A group needs elements.")
        }
        let onActivate = entries["on_activate"].map { reactions($0) } ?? []
        var pasteAllowed: Bool?
        if let pasteNode = entries["paste"] {
            switch pasteNode.string() {
            case "allowed": pasteAllowed = true
            case "blocked": pasteAllowed = false
            default: pasteNode.report("paste is allowed or blocked.")
            }
            if role != .secureTextField { pasteNode.report("Only a secure text field says whether paste is allowed; this element's role is \(role.rawValue).") }
        }
        return Element(
            id: id, role: role, label: entries["label"]?.string() ?? "", labelWhenOn: entries["label_on"]?.string(),
            value: entries["value"]?.string(), states: states, hint: entries["hint"]?.string(),
            error: entries["error"]?.string(), colours: entries["colours"].flatMap(colourPair),
            children: children, validation: entries["validate"].flatMap(validation),
            onActivate: onActivate, hidden: entries["hidden"]?.bool() ?? false,
            pasteAllowed: pasteAllowed, cognitiveTest: entries["cognitive_test"].flatMap { cognitiveTest($0) },
            line: node.line, roleName: entries["role_name"]?.string(), level: entries["level"]?.integer(in: 1...9),
            position: entries["position"].flatMap(position), range: entries["range"].flatMap(range),
            cell: entries["cell"].flatMap(cell), current: entries["current"]?.string(), popup: entries["popup"]?.string(),
            description: entries["description"]?.string()
        )
    }

    /// `position: { index: 2, count: 3 }`: "2 of 3".
    private func position(_ node: YAMLNode) -> SetPosition? {
        guard let entries = fields(node, allowed: ["index", "count"], what: "a position"),
              let index = required("index", in: entries, node)?.integer(in: 1...100_000),
              let count = required("count", in: entries, node)?.integer(in: 1...100_000) else { return nil }
        if index > count { node.report("The position's index, \(index), is past its count, \(count).") }
        return SetPosition(index: index, count: count)
    }

    /// `range: { now: 5, min: 0, max: 10, text: "Medium" }`: a slider's, spin button's or progress bar's value.
    private func range(_ node: YAMLNode) -> RangeValue? {
        guard let entries = fields(node, allowed: ["now", "min", "max", "text"], what: "a range") else { return nil }
        let number = { (key: String) in entries[key]?.string().flatMap(Double.init) }
        return RangeValue(now: number("now"), minimum: number("min"), maximum: number("max"), text: entries["text"]?.string())
    }

    /// `cell: { row: 2, column: 3, row_header: "Oslo", column_header: "Price" }`.
    private func cell(_ node: YAMLNode) -> CellPosition? {
        guard let entries = fields(node, allowed: ["row", "column", "row_header", "column_header"], what: "a cell"),
              let row = required("row", in: entries, node)?.integer(in: 1...100_000),
              let column = required("column", in: entries, node)?.integer(in: 1...100_000) else { return nil }
        return CellPosition(row: row, column: column, rowHeader: entries["row_header"]?.string(), columnHeader: entries["column_header"]?.string())
    }

    /// `cognitive_test: { alternative: ID }`, or `cognitive_test: true` for a test with no alternative.
    private mutating func cognitiveTest(_ node: YAMLNode) -> CognitiveTest? {
        if case .scalar = node.shape {
            guard node.bool() == true else {
                node.report("cognitive_test is true, or names its alternative: { alternative: ID }.")
                return nil
            }
            return CognitiveTest(alternative: nil)
        }
        guard let entries = fields(node, allowed: ["alternative"], what: "a cognitive test") else { return nil }
        guard let alternativeNode = entries["alternative"], let id = alternativeNode.string() else {
            return CognitiveTest(alternative: nil)
        }
        referencedElements.append((ElementID(id), alternativeNode))
        return CognitiveTest(alternative: ElementID(id))
    }

    private func colourPair(_ node: YAMLNode) -> ColourPair? {
        guard let entries = fields(node, allowed: ["text", "background", "large"], what: "colours") else { return nil }
        guard let text = required("text", in: entries, node).flatMap(colour),
              let background = required("background", in: entries, node).flatMap(colour) else { return nil }
        return ColourPair(text: text, background: background, large: entries["large"]?.bool() ?? false)
    }

    private func colour(_ node: YAMLNode) -> RGBColour? {
        guard let text = node.string() else { return nil }
        guard let colour = RGBColour(hex: text) else {
            node.report("\"\(text)\" is not a colour; write it as #RRGGBB, such as #0B5CAD.")
            return nil
        }
        return colour
    }

    private func validation(_ node: YAMLNode) -> Validation? {
        guard let entries = fields(node, allowed: ["rules", "error"], what: "a validation") else { return nil }
        guard let error = required("error", in: entries, node)?.string() else { return nil }
        var rules: [Validation.Rule] = []
        for ruleNode in required("rules", in: entries, node)?.sequence() ?? [] {
            if case .mapping = ruleNode.shape, let pairs = ruleNode.mapping(), pairs.count != 1 {
                ruleNode.report("A rule written as a mapping names one rule, such as {min_length: 8}; this one names \(pairs.count).")
            } else if case .mapping = ruleNode.shape, let (name, value) = ruleNode.mapping()?.first {
                switch name {
                case "min_length": value.integer(in: 1...1_000).map { rules.append(.minimumLength($0)) }
                case "date":
                    guard let pattern = value.string() else { break }
                    // dd, mm and yyyy, each once, with separators between: what a person can type.
                    let letters = pattern.lowercased().filter { $0.isLetter }
                    if letters.sorted() == Array("ddmmyyyy").sorted(), pattern.count <= 12,
                       pattern.lowercased().contains("dd"), pattern.lowercased().contains("mm"), pattern.lowercased().contains("yyyy") {
                        rules.append(.date(pattern: pattern))
                    } else {
                        value.report("The date pattern \"\(pattern.prefix(30))\" must hold dd, mm and yyyy once each with separators, such as mm/dd/yyyy or dd.mm.yyyy.")
                    }
                default: ruleNode.report("The rule \"\(name)\" is not known; use required, email, date or min_length.")
                }
            } else if let name = ruleNode.string() {
                switch name {
                case "required": rules.append(.required)
                case "email": rules.append(.email)
                default: ruleNode.report("The rule \"\(name)\" is not known; use required, email, {date: mm/dd/yyyy} or {min_length: 8}.")
                }
            }
        }
        return Validation(rules: rules, error: error)
    }

    private mutating func reactions(_ node: YAMLNode) -> [Reaction] {
        node.sequence()?.compactMap { reaction($0) } ?? []
    }

    private mutating func reaction(_ node: YAMLNode) -> Reaction? {
        guard let (name, value) = single(node, names: Self.reactionNames, what: "A reaction") else { return nil }
        switch name {
        case "announce":
            if case .scalar = value.shape {
                return value.string().map { .announce(text: $0, politeness: .polite, region: nil, delayMilliseconds: 0) }
            }
            guard let entries = fields(value, allowed: ["text", "politeness", "region", "after_ms"], what: "an announcement"),
                  let text = required("text", in: entries, value)?.string() else { return nil }
            var politeness = Politeness.polite
            if let word = entries["politeness"]?.string() {
                guard let chosen = Politeness(rawValue: word) else {
                    entries["politeness"]?.report("The politeness \"\(word)\" is not known; use polite, assertive or off.")
                    return nil
                }
                politeness = chosen
            }
            return .announce(text: text, politeness: politeness, region: entries["region"]?.string(),
                             delayMilliseconds: entries["after_ms"]?.integer(in: 0...60_000) ?? 0)
        case "focus":
            guard let target = value.string() else { return nil }
            if target == "first_invalid" { return .focus(.firstInvalid) }
            return .focus(.element(reference(target, value)))
        case "set":
            guard let entries = fields(value, allowed: ["element", "label", "value", "error", "add", "remove"], what: "a change"),
                  let target = required("element", in: entries, value)?.string() else { return nil }
            let change = ElementChange(
                label: entries["label"]?.string(), value: entries["value"]?.string(), error: entries["error"]?.string(),
                addStates: states(entries["add"]), removeStates: states(entries["remove"])
            )
            return .set(reference(target, value), change)
        case "show": return value.string().map { .show(reference($0, value)) }
        case "hide": return value.string().map { .hide(reference($0, value)) }
        case "toggle": return value.string().map { .toggle(reference($0, value)) }
        case "go_to":
            guard let target = value.string() else { return nil }
            referencedScreens.append((ScreenID(target), value))
            return .goTo(ScreenID(target))
        default:
            guard let entries = fields(value, allowed: ["fields", "invalid", "valid"], what: "a submit"),
                  let fieldIDs = required("fields", in: entries, value)?.strings() else { return nil }
            let fields = fieldIDs.map { reference($0, value) }
            let invalid = entries["invalid"].map { reactions($0) } ?? []
            let valid = entries["valid"].map { reactions($0) } ?? []
            return .submit(fields: fields, invalid: invalid, valid: valid)
        }
    }

    private func states(_ node: YAMLNode?) -> Set<ElementState> {
        guard let node else { return [] }
        let names: [String] = if case .sequence = node.shape { node.strings() ?? [] } else { node.string().map { [$0] } ?? [] }
        return Set(names.compactMap { name in
            let state = ElementState(rawValue: name)
            if state == nil { node.report("The state \"\(name)\" is not known; use \(ElementState.names).") }
            return state
        })
    }

    private mutating func step(_ node: YAMLNode) -> Step? {
        // A step is a bare action word ("next"), or a mapping of one action and an optional expect.
        if case .scalar = node.shape, let word = node.string() {
            guard let action = bareAction(word, node) else { return nil }
            return Step(action: action, line: node.line)
        }
        guard let entries = node.mapping() else { return nil }
        let actions = entries.filter { $0.key != "expect" }
        guard actions.count == 1, let (name, value) = actions.first else {
            node.report("A step has one action (\(Self.actionNames.joined(separator: ", "))) and may have expect; this one has \(actions.count) actions.")
            return nil
        }
        let expectation = entries.first { $0.key == "expect" }.map { expectationOf($0.value) } ?? Expectation()
        let action: StepAction?
        switch name {
        case "next", "previous", "check":
            action = bareAction(name, value)
        case "activate":
            if case .mapping = value.shape {
                // activate: { key: Space }, or { element: agree, key: Space }: activation by a named key.
                guard let entries = fields(value, allowed: ["element", "key"], what: "an activation"),
                      let keyNode = required("key", in: entries, value), let chord = chord(keyNode) else { action = nil; break }
                action = .press(chord, on: entries["element"]?.string().map { reference($0, value) })
            } else {
                action = .activate(value.isNull ? nil : value.string().map { reference($0, value) })
            }
        case "press":
            action = chord(value).map { .press($0, on: nil) }
        case "touch":
            action = value.string().map { .touch(reference($0, value)) }
        case "type":
            if case .scalar = value.shape {
                action = value.string().map { .type($0, into: nil) }
            } else if let fields = fields(value, allowed: ["text", "into"], what: "typing"), let text = required("text", in: fields, value)?.string() {
                action = .type(text, into: fields["into"]?.string().map { reference($0, value) })
            } else {
                action = nil
            }
        case "app":
            action = .app(reactions(value))
        case "wait":
            action = value.integer(in: 1...60_000).map { .wait($0) }
        default:
            node.report("The action \"\(name)\" is not known; use one of \(Self.actionNames.joined(separator: ", ")).")
            action = nil
        }
        return action.map { Step(action: $0, expectation: expectation, line: node.line) }
    }

    /// A key chord as written: `ArrowDown`, `Shift+Tab`, `Control+Home`.
    private func chord(_ node: YAMLNode) -> KeyChord? {
        guard let text = node.string() else { return nil }
        switch KeyChord.parse(text) {
        case let .success(chord): return chord
        case let .failure(problem):
            node.report(problem.description)
            return nil
        }
    }

    private func bareAction(_ word: String, _ node: YAMLNode) -> StepAction? {
        switch word {
        case "next": return .next
        case "previous": return .previous
        case "activate": return .activate(nil)
        case "check": return .check
        default:
            node.report("The step \"\(word)\" needs more than its name, or is not known; the actions are \(Self.actionNames.joined(separator: ", ")).")
            return nil
        }
    }

    private mutating func expectationOf(_ node: YAMLNode) -> Expectation {
        guard let entries = fields(node, allowed: ["says", "focus", "focus_order", "within_ms"], what: "an expectation") else {
            return Expectation()
        }
        var expectation = Expectation()
        if let says = entries["says"] {
            if case .mapping = says.shape {
                // says: { virtual: "…", orca: "…" }: the virtual reader's phrases and a real reader's.
                // virtual: { voiceover: "…", talkback: "…" }: the virtual reader's, in each style.
                let readers = RealReader.allCases.map(\.rawValue)
                for (key, value) in says.mapping() ?? [] {
                    if key == "virtual", case .mapping = value.shape {
                        for (name, phrasesNode) in value.mapping() ?? [] {
                            if let style = ReaderStyle(rawValue: name) {
                                expectation.saysByStyle[style] = phrases(phrasesNode)
                            } else {
                                value.report(key: name, "\"\(name)\" is not a reader's style; use \(ReaderStyle.names).")
                            }
                        }
                    } else if key == "virtual" {
                        expectation.says = phrases(value)
                    } else if let reader = RealReader(rawValue: key) {
                        expectation.saysByReader[reader] = phrases(value)
                    } else {
                        says.report(key: key, "\"\(key)\" is not a screen reader says can name; use virtual or \(readers.joined(separator: ", ")).")
                    }
                }
            } else {
                expectation.says = phrases(says)
            }
        }
        if let focus = entries["focus"]?.string() { expectation.focus = reference(focus, entries["focus"]!) }
        if let order = entries["focus_order"], let ids = order.strings() {
            expectation.focusOrder = ids.map { reference($0, order) }
        }
        expectation.withinMilliseconds = entries["within_ms"]?.integer(in: 1...60_000)
        return expectation
    }

    // MARK: - Helpers

    /// One phrase, or a list of them.
    private func phrases(_ node: YAMLNode) -> [String]? {
        if case .sequence = node.shape { node.strings() } else { node.string().map { [$0] } }
    }

    private mutating func reference(_ id: String, _ node: YAMLNode) -> ElementID {
        referencedElements.append((ElementID(id), node))
        return ElementID(id)
    }

    /// A mapping's entries by key, each key checked against `allowed`.
    private func fields(_ node: YAMLNode, allowed: [String], what: String) -> [String: YAMLNode]? {
        guard let entries = node.mapping() else { return nil }
        var result: [String: YAMLNode] = [:]
        for (key, value) in entries {
            if allowed.contains(key) { result[key] = value } else {
                node.report(key: key, "The key \"\(key)\" is not part of \(what); use \(allowed.joined(separator: ", ")).")
            }
        }
        return result
    }

    private func required(_ key: String, in entries: [String: YAMLNode], _ node: YAMLNode) -> YAMLNode? {
        guard let value = entries[key] else {
            node.report("The key \"\(key)\" is missing.")
            return nil
        }
        return value
    }

    /// A mapping with exactly one key among `names`.
    private func single(_ node: YAMLNode, names: [String], what: String) -> (String, YAMLNode)? {
        guard let entries = node.mapping() else { return nil }
        guard entries.count == 1, let (name, value) = entries.first, names.contains(name) else {
            node.report("\(what) is one of \(names.joined(separator: ", ")), written as name: value.")
            return nil
        }
        return (name, value)
    }
}
