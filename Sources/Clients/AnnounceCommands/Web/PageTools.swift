import AnnouncerCommandLine
import AnnouncerWeb

/// The checks a command makes of real pages beside their flows: axe-core, looked for once (its absence
/// said once, in one sentence), and the layout checks; and the versions of the tools, for the report.
struct PageTools {
    let useAxe: Bool
    private var looked = false
    private var axe: AxeCore?
    private var missing: String?
    private var chromium: String?
    private var axeVersion: String?

    init(useAxe: Bool) {
        self.useAxe = useAxe
    }

    /// The page at `address` checked in a fresh copy in `browser`; what could not be checked is said on standard error too.
    mutating func check(_ address: String, in browser: ChromiumBrowser) -> PageAudit {
        if useAxe, !looked {
            looked = true
            axe = AxeCore.installed()
            if axe == nil {
                let sentence = AxeCore.missing()
                missing = sentence
                PlainOutput.error(sentence)
            }
        }
        if chromium == nil, let version = try? browser.version() { chromium = "Chromium \(version)" }
        PlainOutput.error(axe == nil ? "Checking the page's layout." : "Checking the page with axe-core and for its layout.")
        var audit = PageAudit.check(address, in: browser, axe: axe)
        for note in audit.notes { PlainOutput.error(note) }
        if let missing { audit.notes.insert(missing, at: 0) }
        axeVersion = audit.axeVersion ?? axeVersion
        return audit
    }

    /// One line per tool the pages were checked with; none when no page was.
    var versions: [String] {
        guard let chromium else { return [] }
        var lines = ["\(chromium), driven through its DevTools protocol"]
        if let axeVersion { lines.append("axe-core \(axeVersion), its WCAG 2.0, 2.1 and 2.2 A and AA rules") }
        lines.append("announce's layout checks for WCAG 2.2's 2.5.8, 2.4.11 and 2.4.7, measured in Chromium")
        return lines
    }
}
