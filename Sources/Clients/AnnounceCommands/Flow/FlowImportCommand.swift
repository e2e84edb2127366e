import AnnouncerCommandLine
import AnnouncerCore
import AnnouncerFlows
import AnnouncerVoices
import AnnouncerWeb
import ArgumentParser
import Foundation

/// `announce flow import URL`: writes a flow file from a real page's screen, read in headless Chromium.
struct FlowImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write a flow file from a real web page, read as a screen reader meets it.",
        usage: """
        announce flow import PAGE [--output FILE] [--lang CODE] [--keys]
        """,
        discussion: """
        The page (a URL or a local file) is opened in headless Chromium (Debian's chromium package). \
        Its elements come from the accessibility tree: labels, roles, values, states, descriptions as \
        hints, aria-errormessage as errors, and computed colours; its focus order from real Tab \
        presses. The flow has one screen and steps that swipe through it, expecting what is said \
        there now, so flow check passes it until the page changes. A page with a widget that the arrows \
        operate (a radio group, tabs, a menu or menu button, a list box, grid, slider, combo box or \
        spin button), or any page with --keys, is written as a flow of the page itself instead: Tab to \
        each stop and the keys its widget takes, each step expecting what every reader style says \
        there, heard on the page, so web check passes it in every style. Progress goes to standard error, and \
        so do the page's checks, as flow check makes them: axe-core 4's violations (FAIL) and incomplete \
        results (CHECK), and the WCAG 2.2 layout checks (target size, focus not obscured, focus visible).
        """
    )

    @Argument(help: ArgumentHelp("The page: a URL, or a local HTML file.", valueName: "PAGE"))
    var page: String

    @OptionGroup(title: "The virtual reader's phrasing") var phrasing: StyleOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the flow file here instead of standard output.", valueName: "FILE"))
    var output: String?

    @Option(help: ArgumentHelp("The flow's language, en or nb; by default the page's lang, else en.", valueName: "CODE"))
    var lang: String?

    @Option(help: ArgumentHelp("A folder of voice profiles over the shipped ones, whose words compose the phrases.", valueName: "DIR"))
    var voices: String?

    @Flag(help: "Write a flow of the page itself, with real keys, even when no widget on it needs the arrows.")
    var keys = false

    @Flag(name: .customLong("no-axe"), help: "Do not run axe-core on the page; the layout checks still run.")
    var noAxe = false

    func run() throws {
        PlainOutput.error("Opening \(page) in headless Chromium.")
        defer { WebSession.shared.close() }
        let snapshot: PageSnapshot
        var pageTools = PageTools(useAxe: !noAxe)
        let audit: PageAudit
        do throws(WebError) {
            let opened = try WebPage.open(page, in: try WebSession.shared.browser())
            snapshot = try PageReader.read(opened)
            opened.close()
            audit = try pageTools.check(page, in: WebSession.shared.browser())
        } catch {
            WebSession.shared.waitIfInterrupted()
            throw CommandFailure(error.description)
        }
        let code = lang ?? (snapshot.language.isEmpty ? "en" : snapshot.language)
        let voices = VoiceLibrary.standard(extra: self.voices.map { [$0] } ?? [])
        guard let language = Language(code: code), let profile = voices.profile(for: language) else {
            throw CommandFailure("There is no voice profile for the language \"\(code)\"; use --lang en or --lang nb.")
        }
        var flow = PageFlowImporter.flow(from: snapshot, address: page, language: language, profile: profile, style: phrasing.style ?? .voiceover)
        let interactive = snapshot.elements.filter(\.element.isInteractive).count
        PlainOutput.error("Read \(snapshot.elements.count) elements, \(interactive) of them interactive; Tab reaches \(snapshot.tabOrder.count).")
        for finding in audit.findings where finding.passed != true {
            for part in PlainLineWrapper.wrap(finding.line) { PlainOutput.error(part) }
        }
        for line in Self.summary(of: audit) { PlainOutput.error(line) }
        do throws(WebError) {
            // Tab's stops as a screen reader meets them on the page, to see whether a widget there needs its keys.
            let stops = try PageKeyFlowImporter.stops(of: page, in: WebSession.shared.browser())
            if keys || WidgetKeys.anyNeeded(stops) {
                let steps = PageKeyFlowImporter.steps(for: stops)
                let arrows = steps.count - stops.count
                PlainOutput.error("Pressing Tab to \(stops.count) \(stops.count == 1 ? "stop" : "stops") and \(arrows) widget \(arrows == 1 ? "key" : "keys"), in each of the 4 reader styles.")
                flow = try PageKeyFlowImporter.flow(
                    of: page, written: Self.pageAddress(page, from: output), title: flow.name, language: language, profile: profile,
                    steps: steps, in: WebSession.shared.browser()
                )
            }
        } catch {
            WebSession.shared.waitIfInterrupted()
            throw CommandFailure(error.description)
        }
        let text = FlowFileWriter.yaml(flow, comment: [
            "Imported by announce flow import from \(page) (\(snapshot.title)).",
            flow.page == nil ? "The steps expect what a screen reader says there now; edit them to say what it should."
                : "The steps are real keys, each expecting what every reader style says there now; edit them to say what it should.",
        ])
        if let output {
            do { try text.write(toFile: output, atomically: true, encoding: .utf8) } catch {
                throw CommandFailure("The flow file could not be written to \(output).")
            }
            PlainOutput.error("Wrote \(output).")
        } else {
            PlainOutput.destination.writeOutput(text)
        }
    }

    /// The page as a flow file at `output` names it: a URL as it is, a file relative to the flow file's
    /// folder, or its absolute path when the flow goes to standard output.
    static func pageAddress(_ page: String, from output: String?) -> String {
        if page.range(of: "^[a-zA-Z][a-zA-Z0-9+.-]*:", options: .regularExpression) != nil { return page }
        let current = FileManager.default.currentDirectoryPath
        func absolute(_ path: String) -> [String] {
            let full = path.hasPrefix("/") ? path : current + "/" + path
            return URL(fileURLWithPath: full).standardizedFileURL.pathComponents
        }
        let target = absolute(page)
        guard let output else { return NSString.path(withComponents: target) }
        let folder = absolute(output).dropLast()
        let shared = zip(folder, target).prefix { $0 == $1 }.count
        let up = Array(repeating: "..", count: folder.count - shared)
        return (up + target.dropFirst(shared)).joined(separator: "/")
    }

    /// What the page's checks found, in two lines: axe-core's (when it ran) and the layout checks'.
    static func summary(of audit: PageAudit) -> [String] {
        func count(_ tool: PageFinding.Tool, _ passed: Bool?) -> Int {
            Set(audit.findings.filter { $0.tool == tool && $0.passed == passed }.map { "\($0.rule) \($0.text)" }).count
        }
        var lines: [String] = []
        if let version = audit.axeVersion {
            lines.append("axe-core \(version) found \(count(.axe, false)) violations, and \(count(.axe, nil)) results a person must check.")
        }
        lines.append("The layout checks found \(count(.layout, false)) failures, and left \(count(.layout, nil)) to a person.")
        return lines
    }
}
