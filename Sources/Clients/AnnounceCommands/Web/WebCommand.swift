import ArgumentParser

/// `announce web`: real web pages in headless Chromium.
struct WebCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "web",
        abstract: "Check real web pages in headless Chromium, as a screen reader meets them.",
        subcommands: [WebPlayCommand.self, WebCheckCommand.self]
    )
}

/// `announce web check FILE…`: `flow check` for flow files whose `page:` names a real page.
struct WebCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run a page's flow against the real page in headless Chromium, and time its announcements.",
        discussion: """
        A flow file whose page: names a URL or an HTML file (relative to the flow file) is run against \
        that page: Tab, Enter, Space and typing are sent as real keys; each focus move is read; each \
        change of a live region (aria-live, role=alert, status, log) is spoken through the live-region \
        queue as it happens. An announcement is timed from the action to its first audio, and a late \
        one says how long the page took to show it and how long the speech took after. The same \
        options and output as flow check, which runs these files too.
        """
    )

    @OptionGroup var check: FlowCheckCommand

    func validate() throws { try check.validate() }

    func run() throws { try check.run() }
}
