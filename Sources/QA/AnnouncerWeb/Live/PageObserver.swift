import AnnouncerCore
import DevToolsProtocol
import Foundation
import Glibc

/// Watches a page as a screen reader does, from before its first script runs: changes inside
/// `aria-live` regions and `role=alert`, `status` and `log` (with `aria-atomic`, `aria-relevant` and
/// `aria-busy` deciding what is read and when), and every move of focus. A script in the page notes
/// each change's time with `performance.timeOrigin + performance.now()` and calls a DevTools binding;
/// the time is put on the monotonic clock here.
enum PageObserver {
    static let binding = "__announcerPageChange"

    static let script = """
    (() => {
      if (globalThis.__announcerWatching) return;
      globalThis.__announcerWatching = true;
      const send = (message) => { try { globalThis.\(binding)(JSON.stringify(message)); } catch (error) {} };
      const now = () => performance.timeOrigin + performance.now();
      const politeness = (element) => {
        const live = element.getAttribute('aria-live');
        if (live === 'assertive' || live === 'polite') return live;
        if (live === 'off') return null;
        const role = element.getAttribute('role');
        if (role === 'alert') return 'assertive';
        if (role === 'status' || role === 'log') return 'polite';
        return null;
      };
      // The nearest live region holding the node; an explicit aria-live="off" ends the search.
      const regionOf = (node) => {
        for (let element = node.nodeType === 1 ? node : node.parentElement; element; element = element.parentElement) {
          if (element.getAttribute('aria-live') === 'off') return null;
          if (politeness(element)) return element;
        }
        return null;
      };
      let counter = 0;
      const names = new WeakMap();
      const nameOf = (element) => {
        if (!names.has(element)) names.set(element, element.id || ('live-region-' + (++counter)));
        return names.get(element);
      };
      const textOf = (node) => ((node.nodeType === 1 ? (node.innerText || node.textContent) : node.textContent) || '').replace(/\\s+/g, ' ').trim();
      // What a non-atomic region reads of its changes: each node once, none inside another, and
      // added nodes only while they are still in the region.
      const partsText = (region, added, removed) => {
        const present = [...new Set(added)].filter((node) => region.contains(node));
        const outermost = present.filter((node) => !present.some((other) => other !== node && other.contains(node)));
        return [...outermost, ...new Set(removed)].map(textOf).filter((part) => part).join(' ').trim();
      };
      const held = new Map();
      const post = (region, text, time) => {
        if (text) send({ kind: 'live', region: nameOf(region), politeness: politeness(region), text, time });
      };
      const observer = new MutationObserver((mutations) => {
        const time = now();
        const changes = new Map();
        const change = (region) => {
          if (!changes.has(region)) changes.set(region, { whole: false, added: [], removed: [], cleared: false });
          return changes.get(region);
        };
        for (const mutation of mutations) {
          // A live region inserted with its content is read as it appears, as screen readers read a new alert.
          for (const node of mutation.addedNodes) {
            if (node.nodeType === 1 && politeness(node) && regionOf(node) === node && (node.innerText || node.textContent || '').trim()) {
              change(node).whole = true;
            }
          }
          const region = regionOf(mutation.target);
          if (!region) continue;
          if (mutation.type === 'attributes') {
            if (region.getAttribute('aria-busy') !== 'true' && held.has(region)) change(region).cleared = true;
            continue;
          }
          const role = region.getAttribute('role');
          const atomic = (region.getAttribute('aria-atomic') || (role === 'alert' || role === 'status' ? 'true' : 'false')) === 'true';
          const relevant = (region.getAttribute('aria-relevant') || 'additions text').split(/\\s+/);
          const all = relevant.includes('all');
          const entry = region.getAttribute('aria-busy') === 'true'
            ? (held.get(region) || held.set(region, { whole: false, added: [], removed: [] }).get(region))
            : change(region);
          if (atomic) {
            entry.whole = true;
          } else if (mutation.type === 'characterData') {
            if (all || relevant.includes('text')) entry.added.push(mutation.target);
          } else {
            if (all || relevant.includes('additions')) entry.added.push(...mutation.addedNodes);
            if (all || relevant.includes('removals')) entry.removed.push(...mutation.removedNodes);
          }
        }
        for (const [region, entry] of changes) {
          // A busy region, once done, reads what changed while it was busy (all of it, when atomic).
          if (entry.cleared) {
            const waited = held.get(region);
            held.delete(region);
            entry.whole = entry.whole || waited.whole;
            entry.added.push(...waited.added);
            entry.removed.push(...waited.removed);
          }
          post(region, entry.whole ? textOf(region) : partsText(region, entry.added, entry.removed), time);
        }
      });
      const start = () => observer.observe(document.documentElement, {
        subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['aria-busy'],
      });
      if (document.documentElement) start(); else document.addEventListener('readystatechange', start, { once: true });
      document.addEventListener('focusin', () => send({ kind: 'focus', time: now() }), true);
    })();
    """

    /// Sets the watch up on a page before it loads.
    static func install(on page: WebPage) throws(WebError) {
        try page.send(Runtime.Enable())
        try page.send(Runtime.AddBinding(name: binding))
        try page.send(Page.AddScriptToEvaluateOnNewDocument(source: script))
    }

    /// The change a binding call reports, or nil for another binding or a message not understood.
    static func change(from message: Data) -> PageChange? {
        guard let event = try? JSONDecoder().decode(IncomingEvent<Runtime.BindingCalled>.self, from: message).params,
              event.name == binding,
              let report = try? JSONDecoder().decode(Report.self, from: Data(event.payload.utf8)) else { return nil }
        let time = monotonicMicroseconds(fromEpochMilliseconds: report.time)
        switch report.kind {
        case "live":
            guard let region = report.region, let text = report.text,
                  let politeness = report.politeness.flatMap(Politeness.init(rawValue:)) else { return nil }
            return PageChange(kind: .live(region: region, politeness: politeness, text: text), time: time)
        case "focus":
            return PageChange(kind: .focus, time: time)
        default:
            return nil
        }
    }

    private struct Report: Decodable {
        var kind: String
        var time: Double
        var region: String?
        var politeness: String?
        var text: String?
    }

    /// A wall-clock time in the page, in milliseconds since 1970, on this process's monotonic clock.
    static func monotonicMicroseconds(fromEpochMilliseconds epoch: Double) -> UInt64 {
        var wall = timespec()
        var monotonic = timespec()
        clock_gettime(CLOCK_REALTIME, &wall)
        clock_gettime(CLOCK_MONOTONIC, &monotonic)
        let wallMicroseconds = Double(wall.tv_sec) * 1_000_000 + Double(wall.tv_nsec) / 1_000
        let monotonicMicroseconds = Double(monotonic.tv_sec) * 1_000_000 + Double(monotonic.tv_nsec) / 1_000
        return UInt64(max(0, epoch * 1_000 - wallMicroseconds + monotonicMicroseconds))
    }
}
