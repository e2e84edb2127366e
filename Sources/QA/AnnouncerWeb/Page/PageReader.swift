import AnnouncerFlows
import DevToolsProtocol
import Foundation

/// Reads a loaded page as a screen reader does: Chromium's accessibility tree gives each element's
/// name, role, value, states, description and `aria-errormessage`; the DOM gives its computed colours;
/// real Tab presses give the sequential focus order.
public enum PageReader {
    /// What a page's elements carry beside their accessibility: the input type, the id attribute, the
    /// colours as drawn (the first background that is not transparent, up the tree; white at the top),
    /// `aria-current`, the place among its siblings ("2 of 3": `aria-posinset` and `aria-setsize`, else
    /// the radio buttons of its group, the tabs of its tab list, the options of its list box, the items of
    /// its menu or tree), and a table or grid cell's row, column and headers.
    static let facts = """
    function() {
      const element = this.nodeType === 1 ? this : this.parentElement;
      const style = getComputedStyle(element);
      let background = null;
      for (let node = element; node && node.nodeType === 1; node = node.parentElement) {
        const colour = getComputedStyle(node).backgroundColor;
        if (colour && colour !== 'transparent' && !/^rgba\\(.*,\\s*0\\)$/.test(colour)) { background = colour; break; }
      }
      const role = element.getAttribute('role') || '';
      const visible = (node) => !node.hidden && node.getAttribute('aria-hidden') !== 'true' && getComputedStyle(node).display !== 'none';
      let position = null;
      const posinset = parseInt(element.getAttribute('aria-posinset'), 10), setsize = parseInt(element.getAttribute('aria-setsize'), 10);
      if (posinset > 0 && setsize > 0) {
        position = { index: posinset, count: setsize };
      } else {
        const sets = [
          ['radio', '[role=radiogroup], fieldset, form', '[role=radio], input[type=radio]'],
          ['tab', '[role=tablist]', '[role=tab]'],
          ['option', '[role=listbox], select, datalist', '[role=option], option'],
          ['menuitem', '[role=menu], [role=menubar]', '[role=menuitem], [role=menuitemcheckbox], [role=menuitemradio]'],
          ['treeitem', '[role=group], [role=tree]', '[role=treeitem]'],
        ];
        const kind = element.matches('input[type=radio]') ? 'radio' : element.matches('option') ? 'option' : role.startsWith('menuitem') ? 'menuitem' : role;
        for (const [name, container, members] of sets) {
          if (name !== kind) continue;
          let holder = element.parentElement?.closest(container);
          if (kind === 'radio' && element.name && !element.closest('[role=radiogroup]')) holder = element.form || document;
          if (!holder) break;
          let all = [...holder.querySelectorAll(members)].filter(visible);
          if (kind === 'radio' && element.name) all = all.filter((radio) => !radio.name || radio.name === element.name);
          // Only this container's own members: not those of a menu or group nested inside it.
          all = all.filter((member) => member.parentElement?.closest(container) === holder || (kind === 'radio' && !member.closest('[role=radiogroup]')));
          const index = all.indexOf(element);
          if (index >= 0 && all.length > 1) position = { index: index + 1, count: all.length };
          break;
        }
      }
      let cell = null;
      const cellElement = element.closest('td, th, [role=cell], [role=gridcell], [role=columnheader], [role=rowheader]');
      const row = cellElement?.closest('tr, [role=row]');
      const table = row?.closest('table, [role=table], [role=grid], [role=treegrid]');
      if (cellElement && row && table) {
        const rows = [...table.querySelectorAll('tr, [role=row]')].filter((r) => r.closest('table, [role=table], [role=grid], [role=treegrid]') === table);
        const cellsOf = (r) => [...r.children].filter((c) => c.matches('td, th, [role=cell], [role=gridcell], [role=columnheader], [role=rowheader]'));
        const column = cellsOf(row).indexOf(cellElement);
        const isHeader = (c) => c && (c.matches('th, [role=columnheader], [role=rowheader]'));
        const columnHeader = rows.length ? cellsOf(rows[0])[column] : null;
        const rowHeader = cellsOf(row).find((c) => c.matches('th[scope=row], [role=rowheader]'));
        const text = (c) => c && c !== cellElement && isHeader(c) ? (c.innerText || c.textContent || '').trim() : '';
        cell = { row: rows.indexOf(row) + 1, column: column + 1, rowHeader: text(rowHeader), columnHeader: row === rows[0] ? '' : text(columnHeader),
                 rowText: cellsOf(row).map((c) => (c.innerText || c.textContent || '').trim()) };
      }
      return { type: element.type || '', id: element.id || '', colour: style.color, background: background || 'rgb(255, 255, 255)',
               size: parseFloat(style.fontSize), weight: parseInt(style.fontWeight, 10) || 400,
               text: (element.innerText || element.textContent || '').trim(),
               current: element.getAttribute('aria-current') || '', valuetext: element.getAttribute('aria-valuetext') || '',
               position, cell };
    }
    """

    /// How many items a container holds, or a table's rows and columns, as a screen reader counts them.
    static let containerSize = """
    function() {
      const visible = (node) => !node.hidden && node.getAttribute('aria-hidden') !== 'true' && getComputedStyle(node).display !== 'none';
      const own = (selector, holder) => [...this.querySelectorAll(selector)].filter(visible).filter((node) => node.parentElement.closest(holder) === this);
      const role = this.getAttribute('role') || this.localName;
      if (['table', 'grid', 'treegrid'].includes(role)) {
        const rows = own('tr, [role=row]', 'table, [role=table], [role=grid], [role=treegrid]');
        const columns = Math.max(0, ...rows.map((row) => [...row.children].filter((c) => c.matches('td, th, [role=cell], [role=gridcell], [role=columnheader], [role=rowheader]')).length));
        return { rows: rows.length, columns };
      }
      const members = {
        ul: 'li', ol: 'li', list: '[role=listitem], li', radiogroup: '[role=radio], input[type=radio]', fieldset: 'input[type=radio]',
        listbox: '[role=option], option', select: 'option', tablist: '[role=tab]', tree: '[role=treeitem]',
        menu: '[role=menuitem], [role=menuitemcheckbox], [role=menuitemradio]', menubar: '[role=menuitem], [role=menuitemcheckbox], [role=menuitemradio]',
      }[role];
      if (!members) return { count: null };
      const holder = { ul: 'ul, ol, [role=list]', ol: 'ul, ol, [role=list]', list: 'ul, ol, [role=list]', radiogroup: '[role=radiogroup]',
        fieldset: 'fieldset', listbox: '[role=listbox], select', select: 'select', tablist: '[role=tablist]', tree: '[role=tree], [role=group]',
        menu: '[role=menu], [role=menubar]', menubar: '[role=menu], [role=menubar]' }[role];
      return { count: own(members, holder).length };
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
            // An element of its own: a widget, heading, image, link or alert, or any role this reader does
            // not know that takes focus, read by Chromium's name rather than dropped.
            let isElement = ChromiumRoles.elements[role] != nil
                || (ChromiumRoles.containers[role] == nil && !ChromiumRoles.silent.contains(role) && node.property("focusable")?.bool == true)
            if !node.ignored, isElement, !(role == "gridcell" && node.property("focusable")?.bool != true), let backend = node.backendDOMNodeId {
                flushText()
                if let element = try element(node, backend: backend, page: page, usedIDs: &usedIDs) {
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
            let block = ["paragraph", "generic", "section", "listitem", "row", "cell", "columnheader", "rowheader"].contains(role)
                || ChromiumRoles.containers[role] != nil
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

    /// The focused element as a screen reader reads it, with the containers around it, or nil when nothing
    /// (or nothing it reads) has focus. A widget that keeps focus and points at its current item with
    /// `aria-activedescendant` (a combo box, a list box, a grid) is read as that item.
    public static func focusedElement(_ page: WebPage) throws(WebError) -> PageElement? {
        guard let focused = try page.focusedNode() else { return nil }
        var backend = focused
        var request = Accessibility.GetPartialAXTree(backendNodeId: backend)
        request.fetchRelatives = true
        var nodes = try page.send(request).nodes
        guard var node = nodes.first(where: { $0.backendDOMNodeId == backend }) ?? nodes.first else { return nil }
        if let active = node.properties?.first(where: { $0.name == "activedescendant" })?.value.relatedNodes?.first {
            backend = active.backendDOMNodeId
            request = Accessibility.GetPartialAXTree(backendNodeId: backend)
            request.fetchRelatives = true
            nodes = try page.send(request).nodes
            guard let item = nodes.first(where: { $0.backendDOMNodeId == backend }) else { return nil }
            node = item
        }
        var used: Set<String> = []
        guard var read = try element(node, backend: backend, page: page, usedIDs: &used, readAnyRole: true) else { return nil }
        read.element.context = try containers(around: node, in: nodes, page: page)
        return read
    }

    /// The containers around `node` that a screen reader names, outermost first, from its ancestors.
    static func containers(around node: Accessibility.AXNode, in nodes: [Accessibility.AXNode], page: WebPage) throws(WebError) -> [ContextContainer] {
        let byID = Dictionary(nodes.map { ($0.nodeId, $0) }, uniquingKeysWith: { first, _ in first })
        var found: [ContextContainer] = []
        var current = node.parentId.flatMap { byID[$0] }
        while let ancestor = current {
            let roleName = ancestor.role?.value?.text ?? ""
            if !ancestor.ignored, let role = ChromiumRoles.containers[roleName], let backend = ancestor.backendDOMNodeId {
                let name = ancestor.name?.value?.text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                // A section or form without a name is not a landmark, and a screen reader says nothing of it.
                if !([.region, .form].contains(role) && name.isEmpty) {
                    let size = try page.call(containerSize, on: backend)
                    func number(_ key: String) -> Int? { if case let .number(value)? = size?[key] { Int(value) } else { nil } }
                    found.append(ContextContainer(role: role, roleName: roleName, name: name, count: number("count"),
                                                  rows: number("rows"), columns: number("columns"), identity: backend))
                }
            }
            current = ancestor.parentId.flatMap { byID[$0] }
        }
        return found.reversed()
    }

    static func element(
        _ node: Accessibility.AXNode, backend: Int, page: WebPage, usedIDs: inout Set<String>, readAnyRole: Bool = false
    ) throws(WebError) -> PageElement? {
        let roleName = node.role?.value?.text ?? ""
        let pressedText = node.property("pressed")?.text
        var role = ChromiumRoles.role(of: roleName, pressed: pressedText != nil)
        // A focused text or layout node: read as static text, as before.
        if readAnyRole, role == .other, ChromiumRoles.silent.contains(roleName) { role = .staticText }
        let facts = try page.call(Self.facts, on: backend)
        if role == .textField, facts?["type"]?.text == "password" { role = .secureTextField }
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
        if node.property("readonly")?.bool == true, role != .staticText { states.insert(.readonly) }
        if node.property("multiselectable")?.bool == true { states.insert(.multiselectable) }
        if node.property("busy")?.bool == true { states.insert(.busy) }
        switch node.property("expanded")?.bool {
        case true?: states.insert(.expanded)
        case false?: states.insert(.collapsed)
        case nil: break
        }
        if node.property("selected")?.bool == true { states.insert(.selected) }
        let invalid = node.property("invalid")?.text.map { $0 != "false" } ?? false
        if role.isToggle {
            let checked = role == .toggleButton ? pressedText : node.property("checked")?.text
            switch checked {
            case "mixed"?: states.insert(.mixed)
            case "true"?: states.insert(.on)
            default: states.insert(.off)
            }
            // A radio button or check box says checked, not selected as well.
            if role != .toggleButton { states.remove(.selected) }
        }
        var error: String?
        if invalid, let related = node.properties?.first(where: { $0.name == "errormessage" })?.value.relatedNodes?.first {
            error = try page.call("function() { return (this.innerText || this.textContent || '').trim(); }", on: related.backendDOMNodeId)?.text
            if error?.isEmpty == true { error = nil }
        }
        if invalid, error == nil { states.insert(.invalid) }
        var description = node.description?.value?.text?.trimmingCharacters(in: .whitespacesAndNewlines)
        if description?.isEmpty == true || description == error { description = nil }
        if let error, let described = description, described.contains(error) {
            description = described.replacingOccurrences(of: error, with: "").trimmingCharacters(in: .whitespacesAndNewlines)
            if description?.isEmpty == true { description = nil }
        }
        // A range's value: aria-valuetext when there is one, else the number.
        var range: RangeValue?
        if [.slider, .spinButton, .progressBar, .meter].contains(role) {
            func number(_ json: JSONValue?) -> Double? {
                switch json {
                case let .number(value)?: value
                case let .string(text)?: Double(text)
                default: nil
                }
            }
            range = RangeValue(now: number(node.value?.value), minimum: number(node.property("valuemin")),
                               maximum: number(node.property("valuemax")),
                               text: [node.property("valuetext")?.text, facts?["valuetext"]?.text].compactMap { $0 }.first { !$0.isEmpty })
            value = nil
        }
        var level: Int?
        if role == .header, case let .number(number)? = node.property("level") { level = Int(number) }
        var position: SetPosition?
        if let place = facts?["position"], case let .number(index)? = place["index"], case let .number(count)? = place["count"] {
            position = SetPosition(index: Int(index), count: Int(count))
        }
        var cell: CellPosition?
        if let place = facts?["cell"], case let .number(row)? = place["row"], case let .number(column)? = place["column"], row > 0, column > 0 {
            let rowHeader = place["rowHeader"]?.text, columnHeader = place["columnHeader"]?.text
            var rowText: [String]?
            if case let .array(texts)? = place["rowText"] { rowText = texts.compactMap(\.text) }
            cell = CellPosition(row: Int(row), column: Int(column), rowHeader: rowHeader?.isEmpty == false ? rowHeader : nil,
                                columnHeader: columnHeader?.isEmpty == false ? columnHeader : nil, rowText: rowText)
        }
        let current = facts?["current"]?.text.flatMap { $0.isEmpty || $0 == "false" ? nil : $0 }
        let popup = node.property("hasPopup")?.text.flatMap { $0.isEmpty || $0 == "false" ? nil : $0 }
        let domID = facts?["id"]?.text ?? ""
        let id = unique(slug(domID.isEmpty ? (label.isEmpty ? role.rawValue : label) : domID), &usedIDs)
        let element = Element(
            id: ElementID(id), role: role, label: label, value: value, states: states, hint: nil, error: error,
            colours: colours(facts), roleName: role == .other ? roleName : nil, level: level, position: position, range: range,
            cell: cell, current: current, popup: popup, description: description
        )
        return PageElement(element: element, backendNodeId: backend, pageRole: roleName)
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

    /// Statements that put a stop for Tab, `#announce-tab-order-end`, at the page's end, and take focus
    /// and the scroll back to the page's top.
    static let endStop = """
        const stop = document.createElement('span');
        stop.id = 'announce-tab-order-end'; stop.tabIndex = 0; stop.setAttribute('aria-hidden', 'true');
        stop.style.cssText = 'position:fixed;left:0;bottom:0;width:1px;height:1px;overflow:hidden';
        document.body.appendChild(stop);
        if (document.activeElement) document.activeElement.blur();
        window.scrollTo(0, 0);
        """

    /// Presses Tab from the top of the page until it reaches a stop put at the page's end, and names what
    /// it reached. The stop keeps focus in the page: a Tab past the last element would give it to the
    /// browser's own controls, in a real window, where a screen reader's next key would then go.
    static func tabOrder(_ page: WebPage, elements: [PageElement]) throws(WebError) -> [ElementID] {
        let byNode = Dictionary(elements.filter { $0.backendNodeId != 0 }.map { ($0.backendNodeId, $0.element.id) }, uniquingKeysWith: { first, _ in first })
        var order: [ElementID] = []
        try forEachTabStop(page, atMost: elements.count + 8) { node throws(WebError) in
            if let id = byNode[node] { order.append(id) }
        }
        return order
    }

    /// Presses Tab from the top of the page, at most `limit` times, and calls `visit` with the node of each
    /// stop it reaches, in order, until the stop put at the page's end; then the next Tab starts from the
    /// top again.
    static func forEachTabStop(_ page: WebPage, atMost limit: Int, _ visit: (Int) throws(WebError) -> Void) throws(WebError) {
        _ = try page.evaluate("(() => { \(endStop) return null; })()")
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
        var seen: Set<Int> = []
        for _ in 0..<limit {
            try page.press(KeyChord(key: .tab))
            let atStop = try page.evaluate("document.activeElement?.id === 'announce-tab-order-end'")
            if case .bool(true)? = atStop { break }
            guard let node = try page.focusedNode(), seen.insert(node).inserted else { break }
            try visit(node)
        }
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
