import AnnouncerFlows
import DevToolsProtocol
import Foundation

/// Reads a loaded page as a screen reader does: Chromium's accessibility tree gives each element's
/// name, role, value, states, description and `aria-errormessage`; the DOM gives its computed colours;
/// real Tab presses give the sequential focus order.
public enum PageReader {
    /// Chromium's roles, and the flow role each reads like.
    static let roles: [String: Role] = [
        "heading": .header, "textbox": .textField, "searchbox": .textField, "combobox": .textField,
        "button": .button, "checkbox": .checkbox, "switch": .switch, "radio": .toggle,
        "image": .image, "img": .image, "link": .link, "alert": .banner,
    ]

    /// What a page's elements carry beside their accessibility: the input type, the id attribute, and the
    /// colours as drawn (the first background that is not transparent, up the tree; white at the top).
    static let facts = """
    function() {
      const element = this.nodeType === 1 ? this : this.parentElement;
      const style = getComputedStyle(element);
      let background = null;
      for (let node = element; node && node.nodeType === 1; node = node.parentElement) {
        const colour = getComputedStyle(node).backgroundColor;
        if (colour && colour !== 'transparent' && !/^rgba\\(.*,\\s*0\\)$/.test(colour)) { background = colour; break; }
      }
      return { type: element.type || '', id: element.id || '', colour: style.color, background: background || 'rgb(255, 255, 255)',
               size: parseFloat(style.fontSize), weight: parseInt(style.fontWeight, 10) || 400,
               text: (element.innerText || element.textContent || '').trim() };
    }
    """

    /// The page as read now; `tabOrder` false leaves out the Tab presses, which move focus about.
    public static func read(_ page: WebPage, tabOrder withTabOrder: Bool = true) throws(WebError) -> PageSnapshot {
        let nodes = try page.send(Accessibility.GetFullAXTree()).nodes
        let byID = Dictionary(nodes.map { ($0.nodeId, $0) }, uniquingKeysWith: { first, _ in first })
        guard let root = nodes.first(where: { $0.parentId == nil }) else {
            return PageSnapshot(title: "", language: "", elements: [], tabOrder: [])
        }
        var elements: [PageElement] = []
        var usedIDs: Set<String> = []
        var texts: [String] = []
        func flushText() {
            let text = texts.joined().trimmingCharacters(in: .whitespacesAndNewlines)
            texts = []
            guard !text.isEmpty else { return }
            let id = unique(slug(text), &usedIDs)
            elements.append(PageElement(element: Element(id: ElementID(id), role: .staticText, label: text), backendNodeId: 0, pageRole: "StaticText"))
        }
        func visit(_ node: Accessibility.AXNode) throws(WebError) {
            let role = node.role?.value?.text ?? ""
            if !node.ignored, let flowRole = roles[role], let backend = node.backendDOMNodeId {
                flushText()
                if let element = try element(node, role: flowRole, backend: backend, page: page, usedIDs: &usedIDs) {
                    elements.append(element)
                }
                return
            }
            // A label's text is the name of its field, read there; a live region waits for its changes.
            if ["LabelText", "status", "log", "timer", "marquee"].contains(role) { return }
            if !node.ignored, role == "StaticText", let text = node.name?.value?.text {
                texts.append(text)
                return
            }
            let block = ["paragraph", "generic", "section", "list", "listitem", "form", "group", "main", "banner", "contentinfo", "navigation", "region"].contains(role)
            if block { flushText() }
            for child in node.childIds ?? [] {
                if let next = byID[child] { try visit(next) }
            }
            if block { flushText() }
        }
        try visit(root)
        flushText()
        let title = try page.evaluate("document.title")?.text ?? ""
        let language = try page.evaluate("document.documentElement.lang || ''")?.text ?? ""
        let tabOrder = withTabOrder ? try tabOrder(page, elements: elements) : []
        return PageSnapshot(title: title, language: language, elements: elements, tabOrder: tabOrder)
    }

    /// The focused element as a screen reader reads it, or nil when nothing (or nothing it reads) has focus.
    public static func focusedElement(_ page: WebPage) throws(WebError) -> PageElement? {
        guard let backend = try page.focusedNode() else { return nil }
        let nodes = try page.send(Accessibility.GetPartialAXTree(backendNodeId: backend)).nodes
        guard let node = nodes.first(where: { $0.backendDOMNodeId == backend }) ?? nodes.first else { return nil }
        let role = node.role?.value?.text ?? ""
        var used: Set<String> = []
        return try element(node, role: roles[role] ?? .staticText, backend: backend, page: page, usedIDs: &used)
    }

    static func element(
        _ node: Accessibility.AXNode, role: Role, backend: Int, page: WebPage, usedIDs: inout Set<String>
    ) throws(WebError) -> PageElement? {
        let facts = try page.call(Self.facts, on: backend)
        var flowRole = role
        if role == .textField, facts?["type"]?.text == "password" { flowRole = .secureTextField }
        var label = node.name?.value?.text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        var value = node.value?.value?.text
        if role == .banner {
            // An alert is read by its text: an empty one waits for the page to fill it.
            label = label.isEmpty ? (facts?["text"]?.text ?? "") : label
            if label.isEmpty { return nil }
            value = nil
        }
        // A password field's value is its dots, which say how many characters it holds, never what they are.
        if value?.isEmpty == true { value = nil }
        var states: Set<ElementState> = []
        if node.property("required")?.bool == true { states.insert(.required) }
        if node.property("disabled")?.bool == true { states.insert(.disabled) }
        switch node.property("expanded")?.bool {
        case true?: states.insert(.expanded)
        case false?: states.insert(.collapsed)
        case nil: break
        }
        let invalid = node.property("invalid")?.text.map { $0 != "false" } ?? false
        if role.isToggle {
            let checked = node.property("checked")?.text
            states.insert(checked == "true" || checked == "mixed" ? .on : .off)
        }
        var error: String?
        if invalid, let related = node.properties?.first(where: { $0.name == "errormessage" })?.value.relatedNodes?.first {
            error = try page.call("function() { return (this.innerText || this.textContent || '').trim(); }", on: related.backendDOMNodeId)?.text
            if error?.isEmpty == true { error = nil }
        }
        if invalid, error == nil { states.insert(.invalid) }
        var hint = node.description?.value?.text?.trimmingCharacters(in: .whitespacesAndNewlines)
        if hint?.isEmpty == true || hint == error { hint = nil }
        if let error, let described = hint, described.contains(error) {
            hint = described.replacingOccurrences(of: error, with: "").trimmingCharacters(in: .whitespacesAndNewlines)
            if hint?.isEmpty == true { hint = nil }
        }
        let domID = facts?["id"]?.text ?? ""
        let id = unique(slug(domID.isEmpty ? (label.isEmpty ? flowRole.rawValue : label) : domID), &usedIDs)
        let element = Element(
            id: ElementID(id), role: flowRole, label: label, value: value, states: states, hint: hint, error: error,
            colours: colours(facts)
        )
        return PageElement(element: element, backendNodeId: backend, pageRole: node.role?.value?.text ?? "")
    }

    /// The text colour on its background, as WCAG measures them: large text is 24 px, or 18.66 px bold.
    static func colours(_ facts: JSONValue?) -> ColourPair? {
        guard let text = facts?["colour"]?.text.flatMap(rgb), let background = facts?["background"]?.text.flatMap(rgb) else { return nil }
        let size = facts?["size"].flatMap { if case let .number(value) = $0 { value } else { nil } } ?? 16
        let weight = facts?["weight"].flatMap { if case let .number(value) = $0 { value } else { nil } } ?? 400
        return ColourPair(text: text, background: background, large: size >= 24 || (size >= 18.66 && weight >= 700))
    }

    /// `rgb(26, 26, 26)` or `rgba(26, 26, 26, 1)`.
    static func rgb(_ css: String) -> RGBColour? {
        guard let open = css.firstIndex(of: "("), let close = css.lastIndex(of: ")") else { return nil }
        let parts = css[css.index(after: open)..<close].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count >= 3, let red = Double(parts[0]), let green = Double(parts[1]), let blue = Double(parts[2]) else { return nil }
        return RGBColour(red: UInt8(max(0, min(255, red.rounded()))), green: UInt8(max(0, min(255, green.rounded()))), blue: UInt8(max(0, min(255, blue.rounded()))))
    }

    /// Presses Tab from the top of the page until it reaches a stop put at the page's end, and names what
    /// it reached. The stop keeps focus in the page: a Tab past the last element would give it to the
    /// browser's own controls, in a real window, where a screen reader's next key would then go.
    static func tabOrder(_ page: WebPage, elements: [PageElement]) throws(WebError) -> [ElementID] {
        let byNode = Dictionary(elements.filter { $0.backendNodeId != 0 }.map { ($0.backendNodeId, $0.element.id) }, uniquingKeysWith: { first, _ in first })
        _ = try page.evaluate("""
            (() => {
              const stop = document.createElement("span");
              stop.id = "announce-tab-order-end"; stop.tabIndex = 0; stop.setAttribute("aria-hidden", "true");
              stop.style.cssText = "position:fixed;left:0;bottom:0;width:1px;height:1px;overflow:hidden";
              document.body.appendChild(stop);
              if (document.activeElement) document.activeElement.blur();
              window.scrollTo(0, 0);
              return null;
            })()
            """)
        // Afterwards the next Tab starts from the top again, as it did before: a place at the page's start
        // is focused and taken away, which moves the starting point of Tab there (blurring would leave it
        // at the stop, after the last element).
        defer {
            _ = try? page.evaluate("""
                (() => {
                  document.getElementById('announce-tab-order-end')?.remove();
                  const start = document.createElement("span");
                  start.tabIndex = -1;
                  document.body.prepend(start);
                  start.focus({ preventScroll: true });
                  start.remove();
                  return null;
                })()
                """)
        }
        var order: [ElementID] = []
        var seen: Set<Int> = []
        for _ in 0..<(elements.count + 8) {
            try page.press(KeyChord(key: .tab))
            let atStop = try page.evaluate("document.activeElement?.id === 'announce-tab-order-end'")
            if case .bool(true)? = atStop { break }
            guard let node = try page.focusedNode(), seen.insert(node).inserted else { break }
            if let id = byNode[node] { order.append(id) }
        }
        return order
    }

    /// An id for a flow file: lower case, words joined by hyphens.
    static func slug(_ text: String) -> String {
        let words = text.lowercased().split { !$0.isLetter && !$0.isNumber }.prefix(5)
        let joined = words.joined(separator: "-")
        return joined.isEmpty ? "element" : joined
    }

    static func unique(_ id: String, _ used: inout Set<String>) -> String {
        var candidate = id == "first_invalid" ? "first-invalid" : id
        var number = 2
        while used.contains(candidate) {
            candidate = "\(id)-\(number)"
            number += 1
        }
        used.insert(candidate)
        return candidate
    }
}
