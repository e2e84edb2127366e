import AnnouncerClient
import AnnouncerCommandLine
import AnnouncerCore
import AnnouncerFlows
import AnnouncerVoices
import AnnouncerWeb
import ArgumentParser
import Foundation
import ScreenReaderRig

/// `announce web play PAGE`: steps through a real page by keyboard in headless Chromium, hearing it.
struct WebPlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Step through a real web page by keyboard, hearing it as a screen reader user does.",
        discussion: """
        The page (a URL or an HTML file) is opened in headless Chromium. The keys are flow play's: \
        right arrow or Tab, left arrow or Shift-Tab, Enter or Space, t to type a line into the focused \
        field, r to read it again, h for hints, ? for the keys, q to quit. They go to the page as real \
        key presses; each focus move and each change of a live region is printed as one plain line \
        and spoken, an announcement as "Announcement (assertive): …".
        """
    )

    @Argument(help: ArgumentHelp("The page: a URL, or a local HTML file.", valueName: "PAGE"))
    var page: String

    @Option(help: ArgumentHelp("The language to speak in, en or nb; by default the page's lang, else en.", valueName: "CODE"))
    var lang: String?

    @Flag(help: "Start with hints on: each element's description is read after its phrase.")
    var hints = false

    @OptionGroup var destination: DestinationOptions

    @OptionGroup(title: "A real screen reader") var readers: ReaderOptions

    @OptionGroup(title: "The virtual reader's phrasing") var phrasing: StyleOptions

    func run() throws {
        if readers.reader == .orca { return try playWithOrca() }
        let speech = try FlowPlayCommand.startSpeech(destination: destination, writer: nil, sentences: nil)
        defer { speech.close() }
        defer { WebSession.shared.close() }
        FlowPlayCommand.show(openingWords(speech.voices).line(.pageOpening, ["page": page]))
        let browser: ChromiumBrowser
        do throws(WebError) { browser = try WebSession.shared.browser() } catch { throw CommandFailure(error.description) }
        // The page's language decides the voice; the player, made once the page is open, hears its changes.
        let relay = ChangeRelay()
        let opened: WebPage
        let pageLanguage: String
        do throws(WebError) {
            opened = try WebPage.open(page, in: browser, onChange: { relay.forward($0) })
            pageLanguage = try opened.evaluate("document.documentElement.lang || ''")?.text ?? ""
        } catch {
            WebSession.shared.waitIfInterrupted()
            throw CommandFailure(error.description)
        }
        let code = lang ?? (pageLanguage.isEmpty ? "en" : pageLanguage)
        guard let language = Language(code: code), let profile = speech.voices.profile(for: language) else {
            throw CommandFailure("There is no voice profile for the language \"\(code)\"; use --lang en or --lang nb.")
        }
        let voice = FlowVoice(destination: speech.speechDestination, language: language)
        let player = WebPlayer(page: opened, keyboard: PlayKeyboard(), voice: voice, profile: profile, style: phrasing.style ?? .voiceover, hints: hints,
                               stopSpeech: speech.stop, writeLine: { FlowPlayCommand.show($0) })
        relay.player = player
        let words = player.words
        // Ctrl-C or SIGTERM: the terminal as it was and silence, then Chromium closed, as flow play does.
        let stopSpeech = speech.stop
        WebSession.shared.onInterrupt { signal in
            TerminalSettings.shared.restore()
            FlowPlayCommand.show("\n" + words.line(.interrupted, ["signal": signal == SIGINT ? "Ctrl-C" : "SIGTERM"]))
            stopSpeech()
        }
        let written = ((try? opened.evaluate("document.title"))??.text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let title = written.isEmpty ? page : written
        FlowPlayCommand.show(words.line(.page, ["title": title, "language": words.line(.language)]))
        FlowPlayCommand.show(words.line(.keys))
        FlowPlayCommand.show(speech.describe(words))
        switch player.run() {
        case .quit:
            player.quit()
            FlowPlayCommand.show(words.line(.stopped, ["flow": title]))
        case .endOfInput:
            player.finishSpeaking()
            FlowPlayCommand.show(words.line(.endOfInput, ["flow": title]))
        }
    }
}

extension WebPlayCommand {
    /// The words for the line before the page is open, when its language is not known yet: --lang's,
    /// else the locale's (nb, nn and no give Bokmål), else English.
    func openingWords(_ voices: VoiceLibrary) -> PlayWords {
        let locale = ProcessInfo.processInfo.environment
        let code = lang ?? [locale["LC_ALL"], locale["LC_MESSAGES"], locale["LANG"]].compactMap { $0 }.first { !$0.isEmpty }
            .map { $0.hasPrefix("nb") || $0.hasPrefix("nn") || $0.hasPrefix("no") ? "nb" : "en" } ?? "en"
        let language = Language(code: code) ?? Language(code: "en")!
        return PlayWords(profile: voices.profile(for: language) ?? .bare(language))
    }

    /// With `--reader orca`: the tester's keys go to the real Orca as real key presses, and each thing Orca
    /// says is printed as one plain line as it is heard, through announcer (the sound device, or --sink's).
    func playWithOrca() throws {
        var options = OrcaDesktop.Options(announcerd: OrcaDesktop.announcerdBeside())
        options.settings = readers.settings
        if let sink = destination.engine.sink { options.serverArguments = ["--sink", sink.description] }
        let rig: OrcaDesktop
        do throws(RigError) { rig = try WebSession.shared.orca(options) } catch {
            WebSession.shared.waitIfInterrupted()
            throw CommandFailure(error.description)
        }
        defer { WebSession.shared.close() }
        let keyboard = PlayKeyboard()
        keyboard.pageKeys = true
        WebSession.shared.onInterrupt { _ in TerminalSettings.shared.restore() }
        FlowPlayCommand.show("Opening \(page) for Orca \(rig.orcaVersion).")
        let opened: WebPage
        do throws(RigError) { opened = try rig.open(WebPage.url(for: page)) } catch { throw CommandFailure(error.description) }
        let listener = rig.speech.onSettled { utterance in FlowPlayCommand.show("Orca: \(utterance.text)") }
        defer { rig.speech.stopListening(listener) }
        FlowPlayCommand.show("Tab or right arrow: next, Shift-Tab or left arrow: previous, Enter or Space: activate, t: type a line, q: quit.")
        keyboard.enterKeyMode()
        defer { keyboard.restore() }
        while let key = keyboard.nextKey() {
            let chord: KeyChord?
            switch key {
            case .next: chord = KeyChord(key: .tab)
            case .previous: chord = KeyChord(modifiers: [.shift], key: .tab)
            case .activate:
                // A check box, switch or radio button is toggled by Space; a button or link by Enter.
                let toggle = ((try? PageReader.focusedElement(opened)) ?? nil)?.element.role.isToggle ?? false
                chord = KeyChord(key: toggle ? .space : .enter)
            case .type:
                keyboard.restore()
                FlowPlayCommand.show("Type a line, then press Enter:")
                let line = keyboard.readLine()
                keyboard.enterKeyMode()
                if let line { do throws(RigError) { _ = try rig.typeText(line) } catch { throw CommandFailure(error.description) } }
                chord = nil
            case let .key(pressed): chord = pressed
            case .quit: return
            case .repeatPhrase, .hints, .help, .unknown: chord = nil
            }
            guard let chord else { continue }
            do throws(RigError) { _ = try rig.pressKeys(chord) } catch { throw CommandFailure(error.description) }
        }
    }
}

/// Hands the page's changes to the player once there is one; those before it (the page loading) are not read.
private final class ChangeRelay: @unchecked Sendable {
    private let lock = NSLock()
    private var current: WebPlayer?
    var player: WebPlayer? {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }

    func forward(_ change: PageChange) { player?.hear(change) }
}
