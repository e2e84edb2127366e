/// Writes a flow as a flow file (docs/FLOWS.md): screens with their elements' semantics and colours,
/// focus orders, and steps with their expectations, which `FlowReader` reads back the same; a flow of a
/// real page, its `page:` and steps instead of screens. Reactions, validation and app steps are not
/// written: a page read by `flow import` has none. Every text is a double-quoted YAML string.
public enum FlowFileWriter {
    public static func yaml(_ flow: Flow, comment: [String] = []) -> String {
        var lines = comment.map { "# \($0)" }
        lines.append("flow: \(quoted(flow.name))")
        lines.append("language: \(flow.language.rawValue)")
        if let style = flow.style { lines.append("style: \(style.rawValue)") }
        if let page = flow.page { lines.append("page: \(quoted(page))") } else {
            lines.append("")
            lines.append("screens:")
        }
        for screen in flow.screens where flow.page == nil {
            lines.append("  - id: \(screen.id.rawValue)")
            if let title = screen.title { lines.append("    title: \(quoted(title))") }
            if let order = screen.focusOrder { lines.append("    focus_order: [\(order.map(\.rawValue).joined(separator: ", "))]") }
            if let reason = screen.focusOrderReason { lines.append("    focus_order_reason: \(quoted(reason))") }
            lines.append("    elements:")
            for element in screen.elements { lines += self.element(element, indent: "      ") }
        }
        lines.append("")
        lines.append(flow.steps.isEmpty ? "steps: []" : "steps:")
        for step in flow.steps { lines += self.step(step) }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func element(_ element: Element, indent: String) -> [String] {
        var lines = ["\(indent)- id: \(element.id.rawValue)", "\(indent)  role: \(element.role.rawValue)", "\(indent)  label: \(quoted(element.label))"]
        if let on = element.labelWhenOn { lines.append("\(indent)  label_on: \(quoted(on))") }
        if let value = element.value { lines.append("\(indent)  value: \(quoted(value))") }
        let states = element.states.sorted().filter { !(element.role.isToggle && $0 == .off) }
        if !states.isEmpty { lines.append("\(indent)  state: [\(states.map(\.rawValue).joined(separator: ", "))]") }
        if let hint = element.hint { lines.append("\(indent)  hint: \(quoted(hint))") }
        if let description = element.description { lines.append("\(indent)  description: \(quoted(description))") }
        if let roleName = element.roleName { lines.append("\(indent)  role_name: \(quoted(roleName))") }
        if let level = element.level { lines.append("\(indent)  level: \(level)") }
        if let position = element.position { lines.append("\(indent)  position: { index: \(position.index), count: \(position.count) }") }
        if let range = element.range {
            let parts = [range.now.map { "now: \(RangeValue.number($0))" }, range.minimum.map { "min: \(RangeValue.number($0))" },
                         range.maximum.map { "max: \(RangeValue.number($0))" }, range.text.map { "text: \(quoted($0))" }].compactMap { $0 }
            lines.append("\(indent)  range: { \(parts.joined(separator: ", ")) }")
        }
        if let cell = element.cell {
            let parts = ["row: \(cell.row)", "column: \(cell.column)", cell.rowHeader.map { "row_header: \(quoted($0))" },
                         cell.columnHeader.map { "column_header: \(quoted($0))" }].compactMap { $0 }
            lines.append("\(indent)  cell: { \(parts.joined(separator: ", ")) }")
        }
        if let current = element.current { lines.append("\(indent)  current: \(quoted(current))") }
        if let popup = element.popup { lines.append("\(indent)  popup: \(quoted(popup))") }
        if let error = element.error { lines.append("\(indent)  error: \(quoted(error))") }
        if let colours = element.colours {
            lines.append("\(indent)  colours: { text: \"\(colours.text)\", background: \"\(colours.background)\", large: \(colours.large) }")
        }
        if element.hidden { lines.append("\(indent)  hidden: true") }
        if let paste = element.pasteAllowed { lines.append("\(indent)  paste: \(paste ? "allowed" : "blocked")") }
        if !element.children.isEmpty {
            lines.append("\(indent)  elements:")
            for child in element.children { lines += self.element(child, indent: indent + "    ") }
        }
        return lines
    }

    private static func step(_ step: Step) -> [String] {
        let action: String = switch step.action {
        case .next: "next:"
        case .previous: "previous:"
        case let .activate(id): "activate:" + (id.map { " \($0.rawValue)" } ?? "")
        case let .press(chord, on): on.map { "activate: { element: \($0.rawValue), key: \(quoted(chord.description)) }" } ?? "press: \(quoted(chord.description))"
        case let .type(text, into): into.map { "type: { text: \(quoted(text)), into: \($0.rawValue) }" } ?? "type: \(quoted(text))"
        case let .touch(id): "touch: \(id.rawValue)"
        case .check: "check:"
        case .app: "check:"
        case let .wait(milliseconds): "wait: \(milliseconds)"
        }
        var lines = ["  - \(action)"]
        let expectation = step.expectation
        guard !expectation.isEmpty else { return lines }
        lines.append("    expect:")
        if expectation.saysByStyle.isEmpty, expectation.saysByReader.isEmpty {
            if let says = expectation.says { lines += phrases("says", says, indent: "      ") }
        } else {
            // says: { virtual: { voiceover: …, talkback: … }, orca: … }: each style's phrases and a real reader's.
            lines.append("      says:")
            if !expectation.saysByStyle.isEmpty {
                lines.append("        virtual:")
                for style in ReaderStyle.allCases {
                    if let says = expectation.saysByStyle[style] { lines += phrases(style.rawValue, says, indent: "          ") }
                }
            } else if let says = expectation.says {
                lines += phrases("virtual", says, indent: "        ")
            }
            for reader in RealReader.allCases {
                if let says = expectation.saysByReader[reader] { lines += phrases(reader.rawValue, says, indent: "        ") }
            }
        }
        if let focus = expectation.focus { lines.append("      focus: \(focus.rawValue)") }
        if let order = expectation.focusOrder { lines.append("      focus_order: [\(order.map(\.rawValue).joined(separator: ", "))]") }
        if let within = expectation.withinMilliseconds { lines.append("      within_ms: \(within)") }
        return lines
    }

    /// `key: "phrase"`, `key:` and a list when there are several, or `key: []` for silence.
    private static func phrases(_ key: String, _ says: [String], indent: String) -> [String] {
        if says.isEmpty { return ["\(indent)\(key): []"] }
        return says.count == 1 ? ["\(indent)\(key): \(quoted(says[0]))"] : ["\(indent)\(key):"] + says.map { "\(indent)  - \(quoted($0))" }
    }

    /// A YAML double-quoted scalar: backslash, double quote and control characters escaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 { result += "\\x" + String(scalar.value, radix: 16).leftPadded(to: 2) } else { result.unicodeScalars.append(scalar) }
            }
        }
        return result + "\""
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
