import AnnouncerClient
public import AnnouncerFlows
import AnnouncerCore
public import AnnouncerWeb
public import Foundation
import DevToolsProtocol
import Glibc
import XKeyboard

/// The real Orca reading a real Chromium on a private desktop that announce starts and ends, with a
/// private announcerd as Orca's speech server. Keys go in through XTest, as a keyboard's do, and what
/// Orca says is captured as announcerd receives it, with its times.
public final class OrcaDesktop: @unchecked Sendable {
    /// What the desktop is started with.
    public struct Options: Sendable {
        public var settings = OrcaSettings()
        /// The announcerd program to start as Orca's speech server.
        public var announcerd: String
        /// Its options after `--socket`, such as `--sink null`.
        public var serverArguments: [String] = []
        /// How long each part may take to become ready.
        public var readiness: Duration = .seconds(30)
        /// Another SSIP server for Orca to speak to, as `unix_socket:PATH` (Speech Dispatcher, to compare):
        /// the private announcerd still runs, but hears nothing, so nothing is captured, and Orca's
        /// readiness is the caller's to see on that server.
        public var speechAddress: String?

        public init(announcerd: String) {
            self.announcerd = announcerd
        }
    }

    public let desktop: PrivateDesktop
    /// The browser, with announce's DevTools pipe to it.
    public let browser: ChromiumBrowser
    /// What Orca says.
    public let speech: SpeechCapture
    /// Orca's version, such as `43.1`.
    public let orcaVersion: String
    /// announcerd's socket, Orca's SPEECHD_ADDRESS.
    public let socket: String
    private let keyboard: XDisplay
    private let lock = NSLock()
    private var orcaPID: pid_t
    private var options: Options

    /// The settings Orca runs with now.
    public var settings: OrcaSettings { lock.withLock { options.settings } }

    /// The X display, such as `:99`.
    public var display: String { desktop.display }

    /// announcerd beside the running program (as `announce` is installed beside it), or `ANNOUNCERD`.
    public static func announcerdBeside() -> String {
        if let named = ProcessInfo.processInfo.environment["ANNOUNCERD"] { return named }
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return ((executable as NSString).deletingLastPathComponent as NSString).appendingPathComponent("announcerd")
    }

    /// Starts everything, each part when the one before is ready: the desktop; announcerd (ready when its
    /// socket answers); Orca (ready when its first words reach announcerd); Chromium (ready when its window
    /// has the keyboard focus). `progress` is told each step in words.
    /// `begun` is given the desktop as soon as it runs, so a signal while the rest starts can end it.
    public static func start(
        _ options: Options, progress: (String) -> Void = { _ in }, begun: (PrivateDesktop) -> Void = { _ in }
    ) throws(RigError) -> OrcaDesktop {
        guard let orca = PrivateDesktop.installed(["/usr/bin/orca"]) else { throw .missingProgram(program: "Orca", package: "orca") }
        guard ChromiumBrowser.executable(environment: ProcessInfo.processInfo.environment) != nil else {
            throw .missingProgram(program: "Chromium", package: "chromium")
        }
        guard FileManager.default.isExecutableFile(atPath: options.announcerd) else {
            throw .partFailed(part: "announcerd", reason: "\(options.announcerd) is not a program; build it with swift build, or name it with ANNOUNCERD")
        }
        progress("Starting a private desktop: Xvfb, D-Bus and the accessibility bus.")
        let desktop = try PrivateDesktop.start(timeout: options.readiness)
        begun(desktop)
        progress("The desktop runs on the display \(desktop.display), with its files in \(desktop.folder).")
        do throws(RigError) {
            progress("Starting announcerd.")
            let socket = "\(desktop.folder)/announcer.sock"
            try desktop.start("announcerd", executable: options.announcerd, arguments: ["--socket", socket] + options.serverArguments, log: "announcerd.log")
            let speech = try waitForServer(at: socket, on: desktop, timeout: options.readiness)
            progress("Starting Orca, speaking through announcerd.")
            let orcaPID = try startOrca(orca, options: options, socket: socket, on: desktop, speech: speech)
            let keyboard: XDisplay
            do { keyboard = try XDisplay(name: desktop.display) } catch { throw RigError.keyboard(error.description) }
            progress("Starting Chromium on the desktop.")
            let browser: ChromiumBrowser
            do {
                browser = try ChromiumBrowser.launch(.init(
                    xDisplay: desktop.display, environment: desktop.environment(adding: [:]), processGroup: desktop.processGroup
                ))
            } catch {
                throw RigError.partFailed(part: "Chromium", reason: error.description)
            }
            desktop.watch("Chromium", browser.processID)
            let rig = OrcaDesktop(desktop: desktop, browser: browser, speech: speech, keyboard: keyboard, orcaPID: orcaPID, socket: socket, options: options)
            try rig.focusBrowserWindow(timeout: options.readiness)
            try rig.focusWebContents()
            return rig
        } catch {
            desktop.close()
            throw error
        }
    }

    private init(desktop: PrivateDesktop, browser: ChromiumBrowser, speech: SpeechCapture, keyboard: XDisplay, orcaPID: pid_t, socket: String, options: Options) {
        self.desktop = desktop
        self.browser = browser
        self.speech = speech
        self.keyboard = keyboard
        self.orcaPID = orcaPID
        self.socket = socket
        self.options = options
        orcaVersion = Self.installedOrcaVersion()
    }

    /// Opens a page in the browser's window and waits until Orca has read its title (10 s at most, since a
    /// page without a title is read by its address); `onChange` hears the page's changes as `WebPage.open`'s does.
    public func open(_ address: String, onChange: (@Sendable (PageChange) -> Void)? = nil) throws(RigError) -> WebPage {
        try checkParts()
        let before = MonotonicInstant.now().microseconds
        let page: WebPage
        do { page = try WebPage.open(address, in: browser, inFirstTab: true, onChange: onChange) } catch {
            throw .partFailed(part: "The page \(address)", reason: error.description)
        }
        let title = (try? page.evaluate("document.title"))?.flatMap { value -> String? in
            if case let .string(text) = value { return text }
            return nil
        } ?? ""
        let captured = lock.withLock { options.speechAddress == nil }
        if captured { _ = speech.waitFor(since: before, timeout: .seconds(10)) { utterance in
            title.isEmpty || utterance.text.localizedCaseInsensitiveContains(title)
        } }
        try focusBrowserWindow(timeout: .seconds(5))
        // What Orca says as the page loads settles before the first key.
        _ = speech.waitUntilQuiet(since: before, quiet: .milliseconds(500), longest: .seconds(5))
        return page
    }

    /// Presses a chord through XTest; returns when it was sent, on the monotonic clock, in microseconds.
    @discardableResult
    public func pressKeys(_ chord: KeyChord) throws(RigError) -> UInt64 {
        try checkParts()
        var keysyms = chord.modifiers.map(\.keysym)
        let keysym = chord.key.keysym
        if !chord.hasShift, case .character = chord.key, keyboard.needsShift(keysym) { keysyms.append(Key.shift.keysym) }
        keysyms.append(keysym)
        let sent = MonotonicInstant.now().microseconds
        do { try keyboard.press(keysyms) } catch { throw .keyboard(error.description) }
        return sent
    }

    /// Types text a character at a time; returns when the first key was sent.
    @discardableResult
    public func typeText(_ text: String) throws(RigError) -> UInt64 {
        var first: UInt64?
        for character in text {
            let sent = try pressKeys(KeyChord(key: character == " " ? .space : .character(character)))
            first = first ?? sent
        }
        return first ?? MonotonicInstant.now().microseconds
    }

    /// Restarts Orca with new settings, and waits until it speaks again.
    public func apply(_ settings: OrcaSettings) throws(RigError) {
        do {
            lock.lock()
            defer { lock.unlock() }
            guard settings != options.settings else { return }
            guard let orca = PrivateDesktop.installed(["/usr/bin/orca"]) else { throw .missingProgram(program: "Orca", package: "orca") }
            desktop.unwatch(orcaPID)
            kill(orcaPID, SIGTERM)
            var status: Int32 = 0
            waitpid(orcaPID, &status, 0)
            options.settings = settings
            orcaPID = try Self.startOrca(orca, options: options, socket: socket, on: desktop, speech: speech)
        }
        try focusBrowserWindow(timeout: .seconds(5))
    }

    /// Ends everything the desktop started and removes its files.
    public func close() {
        speech.close()
        keyboard.close()
        desktop.unwatch(browser.processID)
        browser.close()
        desktop.close()
    }

    /// Throws when a part of the desktop has ended, after closing the rest.
    public func checkParts() throws(RigError) {
        if let (name, status) = desktop.endedPart() {
            close()
            throw .partEnded(part: name, status: status)
        }
    }

    /// A page loaded through DevTools leaves the keyboard focus where it was, on the window's own controls,
    /// so Tab would move through those. A click on a blank spot of the page gives the page the focus, as a
    /// user's click does, and Tab then starts at its top.
    /// A window's keyboard focus starts on its own controls, not on the page, so Tab would move through
    /// those. One click on the blank page the window opens with gives the page the focus, as a user's click
    /// does; pages are then loaded into that same tab, which keeps it, and Orca has nothing there to read.
    private func focusWebContents() throws(RigError) {
        let page: WebPage
        do { page = try WebPage.open("about:blank", in: browser, inFirstTab: true) } catch {
            throw .partFailed(part: "Chromium", reason: error.description)
        }
        defer { page.close() }
        let script = "[Math.round(window.screenX + window.outerWidth / 2), Math.round(window.screenY + window.outerHeight - window.innerHeight / 2)]"
        guard case let .array(point)? = (try? page.evaluate(script)) ?? nil, point.count == 2,
              case let .number(x) = point[0], case let .number(y) = point[1] else {
            throw .partFailed(part: "Chromium", reason: "its window's place could not be read")
        }
        do { try keyboard.click(x: Int(x), y: Int(y)) } catch { throw .keyboard(error.description) }
    }

    private func focusBrowserWindow(timeout: Duration) throws(RigError) {
        let deadline = ContinuousClock.now + timeout
        while !keyboard.focusLargestWindow() {
            try checkParts()
            guard ContinuousClock.now < deadline else { throw .partFailed(part: "Chromium", reason: "its window did not appear") }
            usleep(20_000)
        }
    }

    /// Connects to announcerd once its socket answers; it is watched, so a server that ends is told at once.
    private static func waitForServer(at socket: String, on desktop: PrivateDesktop, timeout: Duration) throws(RigError) -> SpeechCapture {
        let deadline = ContinuousClock.now + timeout
        while true {
            if FileManager.default.fileExists(atPath: socket), let capture = try? SpeechCapture.subscribe(to: socket) { return capture }
            if let (name, status) = desktop.endedPart() { throw .partEnded(part: name, status: status) }
            guard ContinuousClock.now < deadline else { throw .partFailed(part: "announcerd", reason: "it did not listen within \(timeout.components.seconds) seconds") }
            usleep(10_000)
        }
    }

    /// Starts Orca with the options' settings and waits for its first words ("Screen reader on.") at announcerd,
    /// unless it speaks to another server.
    private static func startOrca(
        _ orca: String, options: Options, socket: String, on desktop: PrivateDesktop, speech: SpeechCapture
    ) throws(RigError) -> pid_t {
        let timeout = options.readiness
        let preferences = "\(desktop.folder)/orca"
        try options.settings.write(to: preferences)
        let since = MonotonicInstant.now().microseconds
        let pid = try desktop.start("Orca", executable: orca, arguments: ["-u", preferences], environment: [
            "PATH": try privatePgrep(on: desktop) + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
            "SPEECHD_ADDRESS": options.speechAddress ?? "unix_socket:\(socket)",
            // Orca must not start a Speech Dispatcher of its own if announcerd is not reached.
            "SPEECHD_CMD": "/bin/false",
        ], log: "orca.log")
        if options.speechAddress != nil { return pid }
        let deadline = ContinuousClock.now + timeout
        while speech.waitFor(since: since, timeout: .milliseconds(200), matching: { _ in true }) == nil {
            if let (name, status) = desktop.endedPart() { throw .partEnded(part: name, status: status) }
            guard ContinuousClock.now < deadline else { throw .partFailed(part: "Orca", reason: "it said nothing within \(timeout.components.seconds) seconds") }
        }
        return pid
    }

    /// Orca refuses to start while another Orca of the same user runs (it asks `pgrep -u UID -x orca`), so a
    /// user's own Orca would stop the desktop's. Orca is given a `pgrep` that looks only in the desktop's
    /// process group: the two never see each other, and the user's Orca is never touched. Returns its folder.
    private static func privatePgrep(on desktop: PrivateDesktop) throws(RigError) -> String {
        let folder = "\(desktop.folder)/bin"
        let script = "#!/bin/sh\n# Only the private desktop's processes: announce's rig for Orca.\nexec /usr/bin/pgrep -g \(desktop.processGroup) \"$@\"\n"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(script.utf8).write(to: URL(fileURLWithPath: "\(folder)/pgrep"))
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: "\(folder)/pgrep")
        } catch {
            throw .partFailed(part: "Orca", reason: "its private pgrep could not be written to \(folder)")
        }
        return folder
    }

    /// The installed Orca's version, from its own `orca_platform.py`.
    static func installedOrcaVersion() -> String {
        for folder in ["/usr/lib/python3/dist-packages/orca", "/usr/share/orca"] {
            guard let text = try? String(contentsOfFile: "\(folder)/orca_platform.py", encoding: .utf8) else { continue }
            for line in text.split(separator: "\n") where line.hasPrefix("version") {
                if let start = line.firstIndex(of: "\""), let end = line.lastIndex(of: "\""), start < end {
                    return String(line[line.index(after: start)..<end])
                }
            }
        }
        return "unknown"
    }
}
