public import AnnouncerFlows
import DevToolsProtocol
public import Foundation

/// axe-core, Deque's accessibility rules, as the script `axe.min.js` that scripts/install-deps keeps in
/// announcer's cache (from PyPI's axe-playwright-python, its sha256 checked); announce injects it into a
/// page through its own DevTools client and runs the WCAG 2.0, 2.1 and 2.2 A and AA rules.
public struct AxeCore: Sendable {
    /// Where the script was found.
    public let path: String
    let source: String

    /// The rules run: axe-core's tags for WCAG 2.0, 2.1 and 2.2 at levels A and AA.
    static let tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
    /// The longest axe-core may take over one page.
    public static let timeLimit: Duration = .seconds(30)

    /// The folder scripts/install-deps keeps it in: `$XDG_CACHE_HOME/announcer/axe`, else `~/.cache/announcer/axe`.
    public static func folder(environment: [String: String]) -> String {
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()) + "/.cache"
        return "\(cache)/announcer/axe"
    }

    /// The script named by `ANNOUNCER_AXE`, else the one in the cache; nil when neither is there.
    public static func installed(environment: [String: String] = ProcessInfo.processInfo.environment) -> AxeCore? {
        let path = environment["ANNOUNCER_AXE"].flatMap { $0.isEmpty ? nil : $0 } ?? folder(environment: environment) + "/axe.min.js"
        guard let source = try? String(contentsOfFile: path, encoding: .utf8), source.contains("axe") else { return nil }
        return AxeCore(path: path, source: source)
    }

    /// The one sentence for a missing axe-core, saying how to get it.
    public static func missing(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let named = environment["ANNOUNCER_AXE"], !named.isEmpty {
            return "ANNOUNCER_AXE names \(named), which is not axe-core's axe.min.js, so axe-core does not check the page; name the file, or turn it off with --no-axe."
        }
        return "axe-core is not installed, so it does not check the page; run scripts/install-deps, which keeps it in \(folder(environment: environment)), or turn it off with --no-axe."
    }

    /// What one run over a page found.
    public struct Run: Sendable {
        /// axe-core's own version, such as `4.12.1`.
        public var version: String
        /// Each violation (a failure) and each incomplete result (a person must check), per element and criterion.
        public var findings: [PageFinding]
        /// How many of its rules passed on the page.
        public var passedRules: Int
    }

    /// Injects axe-core into `page` and runs it. A script that throws, or a run longer than `timeLimit`, is a
    /// `WebError.pageScript` whose message says so in a clause, such as `axe-core failed on the page (Error: …)`.
    public func run(on page: WebPage) throws(WebError) -> Run {
        let injected = try page.send(Runtime.Evaluate(expression: source + "\n;typeof axe === 'object' && typeof axe.run === 'function' ? axe.version : null"),
                                     timeout: .seconds(20))
        if let exception = injected.exceptionDetails { throw .pageScript("axe-core could not be loaded into the page (\(Self.reason(exception)))") }
        guard let version = injected.result.value?.text else { throw .pageScript("axe-core could not be loaded into the page (it did not define axe.run)") }
        let limit = Int(Self.timeLimit.components.seconds) * 1_000
        let tags = Self.tags.map { "'\($0)'" }.joined(separator: ", ")
        let response = try page.send(Runtime.Evaluate(expression: """
            (async () => {
              const describe = (target) => {
                const selector = Array.isArray(target) ? target[target.length - 1] : target;
                let box = null;
                try {
                  const element = typeof selector === 'string' ? document.querySelector(selector) : null;
                  if (element) { const r = element.getBoundingClientRect(); box = [r.left + scrollX, r.top + scrollY, r.width, r.height].map(Math.round); }
                } catch (error) {}
                return { target: String(selector), box };
              };
              const overtime = new Promise((_, reject) => setTimeout(() => reject(new Error('axe-core took longer than \(limit / 1_000) seconds')), \(limit)));
              const results = await Promise.race([
                axe.run(document, { runOnly: { type: 'tag', values: [\(tags)] }, resultTypes: ['violations', 'incomplete'] }), overtime]);
              const rule = (result) => ({ id: result.id, help: result.help, tags: result.tags, nodes: result.nodes.map((node) => describe(node.target)) });
              return { violations: results.violations.map(rule), incomplete: results.incomplete.map(rule), passes: results.passes.length };
            })()
            """), timeout: Self.timeLimit + .seconds(5))
        if let exception = response.exceptionDetails { throw .pageScript("axe-core failed on the page (\(Self.reason(exception)))") }
        guard let value = response.result.value else { throw .pageScript("axe-core gave no results") }
        var findings: [PageFinding] = []
        for (list, passed) in [("violations", false), ("incomplete", nil as Bool?)] {
            for rule in value[list]?.array ?? [] {
                findings += Self.findings(of: rule, passed: passed)
            }
        }
        let passes = value["passes"].flatMap { if case let .number(count) = $0 { Int(count) } else { nil } } ?? 0
        return Run(version: version, findings: findings, passedRules: passes)
    }

    /// One finding per element and criterion of a rule's result.
    static func findings(of rule: JSONValue, passed: Bool?) -> [PageFinding] {
        guard let id = rule["id"]?.text else { return [] }
        let help = rule["help"]?.text ?? id
        let criteria = Set((rule["tags"]?.array ?? []).compactMap { $0.text.flatMap(WCAGCriterion.init(axeTag:)) }).sorted()
        let nodes = rule["nodes"]?.array ?? []
        return criteria.flatMap { criterion in
            nodes.map { node in
                let target = node["target"]?.text ?? "the page"
                let box = PageBox(node["box"])
                let place = box.map { " \($0.sentence)" } ?? ""
                let verdict = passed == false ? "fails" : "needs a person to check"
                return PageFinding(criterion: criterion, tool: .axe, rule: id, passed: passed, text: "\(help): \(target)\(place) \(verdict) this rule.")
            }
        }
    }

    /// What the page's exception says, without the stack.
    static func reason(_ exception: Runtime.ExceptionDetails) -> String {
        let text = exception.exception?.description ?? exception.text
        return String(text.split(separator: "\n").first ?? Substring(text))
    }
}
