public import AnnouncerFlows
import DevToolsProtocol
import Foundation

/// The WCAG 2.2 criteria axe-core cannot check, measured from the page's real layout through the
/// DevTools protocol: 2.5.8 each target's box, with the spacing exception; after each Tab, 2.4.11
/// whether fixed or sticky content hides the focused element entirely, and 2.4.7 whether focus changes
/// any pixel of the element or the 8 px around it (two screenshots, with and without focus); and 3.3.7
/// and 3.2.6, which only a person can judge, with what was seen.
public enum PageLayoutCheck {
    /// The smallest target's side, and so the diameter of the circle of the spacing exception, in CSS pixels.
    static let targetSide = 24.0
    /// How far around a focused element its focus indicator is looked for.
    static let focusMargin = 8.0

    /// Every finding; each names the element, its box and the rule. Focus is left at the page's start.
    public static func run(on page: WebPage) throws(WebError) -> [PageFinding] {
        var findings = try targetSize(on: page)
        findings += try focus(on: page)
        findings += try forAPerson(on: page)
        return findings
    }

    /// A part of the checks' script: `describe(element)` names an element as a sentence does, and
    /// `box(element)` gives its box in the document.
    static let helpers = """
        const describe = (el) => {
          const tag = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '');
          const label = el.labels && el.labels[0] ? el.labels[0].textContent : '';
          const name = (el.getAttribute('aria-label') || label || el.textContent || el.getAttribute('title') || '').trim().replace(/\\s+/g, ' ').slice(0, 60);
          return name ? `"${name}" (${tag})` : tag;
        };
        const box = (el) => { const r = el.getBoundingClientRect(); return [r.left + scrollX, r.top + scrollY, r.width, r.height].map(Math.round); };
        """

    // MARK: - 2.5.8 Target Size (Minimum)

    /// One target as the page measured it.
    struct Target: Sendable {
        var name: String
        var box: PageBox
        /// A link in a sentence, whose size the line of text sets (the inline exception).
        var inline: Bool
        /// A check box or radio button as the browser draws it (the user agent exception).
        var userAgent: Bool

        var undersized: Bool { box.width < PageLayoutCheck.targetSide || box.height < PageLayoutCheck.targetSide }
    }

    static func targetSize(on page: WebPage) throws(WebError) -> [PageFinding] {
        let value = try page.evaluate("""
            (() => {
              \(helpers)
              const selector = 'a[href], area[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=checkbox], [role=radio], [role=switch], [role=tab], [role=menuitem], [role=option], [role=slider], [tabindex]:not([tabindex="-1"])';
              const targets = [];
              for (const el of document.querySelectorAll(selector)) {
                if (el.closest('[aria-hidden=true], [inert]') || el.disabled) continue;
                const style = getComputedStyle(el);
                if (style.visibility !== 'visible' || style.display === 'none') continue;
                const r = el.getBoundingClientRect();
                if (r.width === 0 || r.height === 0) continue;
                const inline = el.matches('a') && style.display === 'inline'
                  && [...el.parentElement.childNodes].some((node) => node !== el && node.nodeType === 3 && node.textContent.trim() !== '');
                const userAgent = el.matches('input[type=checkbox], input[type=radio]') && style.appearance === 'auto';
                targets.push({ name: describe(el), box: box(el), inline, userAgent });
              }
              return targets;
            })()
            """)
        let targets = (value?.array ?? []).compactMap { json -> Target? in
            guard let name = json["name"]?.text, let box = PageBox(json["box"]) else { return nil }
            return Target(name: name, box: box, inline: json["inline"]?.bool ?? false, userAgent: json["userAgent"]?.bool ?? false)
        }
        return targetSizeFindings(targets)
    }

    /// WCAG 2.5.8: a target at least 24 by 24 px passes; a smaller one passes when a 24 px circle on its
    /// centre meets no other target and no other small target's circle; links in a sentence and controls
    /// the browser draws are exceptions.
    static func targetSizeFindings(_ targets: [Target]) -> [PageFinding] {
        var findings: [PageFinding] = []
        var spaced: [String] = []
        var excepted: [String] = []
        for (index, target) in targets.enumerated() where target.undersized {
            if target.inline || target.userAgent {
                excepted.append(target.name)
                continue
            }
            let centre = target.box.centre
            let crowding = targets.enumerated().first { other, neighbour in
                guard other != index else { return false }
                if neighbour.box.distance(from: centre) < targetSide / 2 { return true }
                let (dx, dy) = (neighbour.box.centre.x - centre.x, neighbour.box.centre.y - centre.y)
                return neighbour.undersized && !neighbour.inline && (dx * dx + dy * dy).squareRoot() < targetSide
            }?.element
            if let crowding {
                findings.append(PageFinding(criterion: .targetSizeMinimum, tool: .layout, rule: "target-size", passed: false, text:
                    "The target \(target.name) \(target.box.sentence) is smaller than 24 by 24 px, and a 24 px circle on its centre meets the target \(crowding.name) \(crowding.box.sentence)."))
            } else {
                spaced.append(target.name)
            }
        }
        let large = targets.count { !$0.undersized }
        var summary = "\(large) of \(targets.count) targets are at least 24 by 24 px."
        if !spaced.isEmpty { summary += " Smaller but spaced 24 px apart: \(spaced.joined(separator: ", "))." }
        if !excepted.isEmpty { summary += " Smaller, in a sentence or drawn by the browser, and so excepted: \(excepted.joined(separator: ", "))." }
        if !targets.isEmpty, targets.count > findings.count {
            findings.append(PageFinding(criterion: .targetSizeMinimum, tool: .layout, rule: "target-size", passed: true, text: summary))
        }
        return findings
    }

    // MARK: - 2.4.11 Focus Not Obscured (Minimum) and 2.4.7 Focus Visible

    /// Presses Tab from the page's top through every stop; after each, measures what hides the focused
    /// element, and pictures its area focused and not focused.
    static func focus(on page: WebPage) throws(WebError) -> [PageFinding] {
        // A stop at the end keeps Tab in the page; the caret, transitions and animations are stilled, so
        // that two pictures of the same state are the same and a change is focus's own.
        _ = try page.evaluate("""
            (() => {
              const still = document.createElement('style');
              still.id = 'announce-focus-still';
              still.textContent = '*, *::before, *::after { caret-color: transparent !important; transition: none !important; animation: none !important; }';
              document.head.appendChild(still);
              \(PageReader.endStop)
              return null;
            })()
            """)
        defer {
            _ = try? page.evaluate("""
                (() => {
                  document.getElementById('announce-tab-order-end')?.remove();
                  document.getElementById('announce-focus-still')?.remove();
                  if (document.activeElement) document.activeElement.blur();
                  window.scrollTo(0, 0);
                  return null;
                })()
                """)
        }
        var findings: [PageFinding] = []
        var reached: [String] = []
        var seen: Set<Int> = []
        for _ in 0..<200 {
            try page.press(KeyChord(key: .tab))
            guard let node = try page.focusedNode(), seen.insert(node).inserted else { break }
            let facts = try page.evaluate("""
                (() => {
                  \(helpers)
                  const el = document.activeElement;
                  if (!el || el.id === 'announce-tab-order-end') return null;
                  const r = el.getBoundingClientRect();
                  let shown = 0, hidden = 0, by = null;
                  for (let i = 1; i <= 5; i++) {
                    for (let j = 1; j <= 5; j++) {
                      const x = r.left + r.width * i / 6, y = r.top + r.height * j / 6;
                      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
                      const hit = document.elementFromPoint(x, y);
                      if (!hit || el.contains(hit) || hit.contains(el)) { shown++; continue; }
                      let cover = hit;
                      while (cover && !['fixed', 'sticky'].includes(getComputedStyle(cover).position)) cover = cover.parentElement;
                      if (cover) { hidden++; by = by || cover; } else { shown++; }
                    }
                  }
                  return { name: describe(el), box: box(el), shown, hidden, by: by ? describe(by) : null, byBox: by ? box(by) : null };
                })()
                """)
            guard let facts, let name = facts["name"]?.text, let elementBox = PageBox(facts["box"]) else { break }
            reached.append(name)
            let shown = facts["shown"].flatMap { if case let .number(count) = $0 { Int(count) } else { nil } } ?? 0
            let hidden = facts["hidden"].flatMap { if case let .number(count) = $0 { Int(count) } else { nil } } ?? 0
            if shown == 0, hidden > 0, let cover = facts["by"]?.text {
                let coverBox = PageBox(facts["byBox"]).map { " \($0.sentence)" } ?? ""
                findings.append(PageFinding(criterion: .focusNotObscuredMinimum, tool: .layout, rule: "focus-not-obscured", passed: false, text:
                    "After Tab, the focused element \(name) \(elementBox.sentence) is hidden entirely by the fixed or sticky \(cover)\(coverBox)."))
                // Its indicator, hidden with it, is 2.4.11's failure, not 2.4.7's: the pictures would show only the cover.
                continue
            }
            if try !focusChangesPixels(of: elementBox, on: page) {
                findings.append(PageFinding(criterion: .focusVisible, tool: .layout, rule: "focus-visible", passed: false, text:
                    "After Tab, the focused element \(name) \(elementBox.sentence) looks the same as without focus: no pixel of it or of the \(Int(focusMargin)) px around it changes."))
            }
        }
        guard !reached.isEmpty else {
            let none = "Tab reaches nothing on the page, so focus was not seen."
            return [PageFinding(criterion: .focusVisible, tool: .layout, rule: "focus-visible", passed: nil, text: none),
                    PageFinding(criterion: .focusNotObscuredMinimum, tool: .layout, rule: "focus-not-obscured", passed: nil, text: none)]
        }
        let count = reached.count == 1 ? "the 1 element" : "each of the \(reached.count) elements"
        if !findings.contains(where: { $0.criterion == .focusNotObscuredMinimum }) {
            findings.append(PageFinding(criterion: .focusNotObscuredMinimum, tool: .layout, rule: "focus-not-obscured", passed: true, text:
                "Tab reached \(reached.count) elements, and fixed or sticky content hid none of them entirely: \(reached.joined(separator: ", "))."))
        }
        if !findings.contains(where: { $0.criterion == .focusVisible }) {
            findings.append(PageFinding(criterion: .focusVisible, tool: .layout, rule: "focus-visible", passed: true, text:
                "Focus changed pixels of \(count) Tab reached, pictured with and without focus: \(reached.joined(separator: ", "))."))
        }
        return findings
    }

    /// Pictures the box and the margin around it with focus, then without, and compares the two. PNG is
    /// lossless and Chromium's encoder gives the same bytes for the same pixels, so equal pictures are
    /// equal data. Blurring leaves Tab's starting point on the element, so the next Tab goes on from it.
    static func focusChangesPixels(of box: PageBox, on page: WebPage) throws(WebError) -> Bool {
        let clip = Page.Viewport(x: max(0, box.x - focusMargin), y: max(0, box.y - focusMargin),
                                 width: box.width + 2 * focusMargin, height: box.height + 2 * focusMargin)
        let focused = try page.send(Page.CaptureScreenshot(clip: clip)).data
        let element = try page.send(Runtime.Evaluate(expression: "document.activeElement", returnByValue: false)).result.objectId
        _ = try page.evaluate("(() => { document.activeElement?.blur(); return null; })()")
        let unfocused = try page.send(Page.CaptureScreenshot(clip: clip)).data
        // Focus goes back, as the keyboard left it, so the next Tab moves on from here whatever blurring did.
        if let element {
            _ = try? page.send(Runtime.CallFunctionOn(functionDeclaration: "function() { this.focus({ preventScroll: true, focusVisible: true }); }", objectId: element))
        }
        return focused != unfocused
    }

    // MARK: - 3.3.7 Redundant Entry and 3.2.6 Consistent Help

    /// What a person needs to judge the two criteria no tool can: the fields to fill in, and the help offered.
    static func forAPerson(on page: WebPage) throws(WebError) -> [PageFinding] {
        let value = try page.evaluate("""
            (() => {
              \(helpers)
              const visible = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility === 'visible'; };
              const fields = [...document.querySelectorAll('input:not([type=hidden]):not([type=button]):not([type=submit]):not([type=reset]):not([type=checkbox]):not([type=radio]):not([type=image]), select, textarea')]
                .filter(visible).map((el) => describe(el) + (el.autocomplete ? ', autocomplete ' + el.autocomplete : ''));
              const help = [...document.querySelectorAll('a[href], button, [role=button], [role=link]')].filter(visible)
                .filter((el) => /\\b(help|contact|support|faq|chat|hjelp|kontakt|kundeservice|brukerstøtte)\\b/i.test((el.getAttribute('aria-label') || '') + ' ' + el.textContent))
                .map((el) => describe(el) + ' ' + JSON.stringify(box(el)).replace(/[\\[\\]]/g, '').replace(/,/g, ', '));
              return { fields, help };
            })()
            """)
        let fields = (value?["fields"]?.array ?? []).compactMap(\.text)
        let help = (value?["help"]?.array ?? []).compactMap(\.text)
        let entry = fields.isEmpty
            ? "The page has no field to fill in; a person must check the other steps of its process."
            : "The page asks for \(fields.count == 1 ? "1 field" : "\(fields.count) fields"): \(fields.joined(separator: "; ")). A person must check that nothing entered earlier in the same process is asked for again, unless it is filled in or offered for choosing."
        let offered = help.isEmpty
            ? "No help, contact or support link was seen on the page. A person must check that where the other pages of the set offer help, this one offers it in the same place, or none does."
            : "Help seen on the page (box x, y, width, height): \(help.joined(separator: "; ")). A person must check that it comes in the same order relative to the other content on every page of the set."
        return [PageFinding(criterion: .redundantEntry, tool: .layout, rule: "redundant-entry", passed: nil, text: entry),
                PageFinding(criterion: .consistentHelp, tool: .layout, rule: "consistent-help", passed: nil, text: offered)]
    }
}
