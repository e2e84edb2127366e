public import AnnouncerFlows
public import AnnouncerVoices
import AnnouncerCore
import DevToolsProtocol
import Dispatch
import Foundation

/// Carries out `web play`: keys go to the real page as real key presses, and what a screen reader
/// would say (each focus move, each live-region change) is printed as one plain line and spoken, as
/// `flow play` does for a flow file, with the same keys and the same words.
///
/// The page's changes arrive on the browser's reading thread and are handed to `output`, where the
/// page is asked what has focus, lines are printed and speech is sent, in order.
// Unchecked: `keyboard` is the main thread's alone, and the `var`s are touched only on `output`.
public final class WebPlayer: @unchecked Sendable {
    private let page: WebPage
    private let keyboard: PlayKeyboard
    private let voice: any FlowSpeaker
    private let composer: PhraseComposer
    public let words: PlayWords
    private let stopSpeech: @Sendable () -> Void
    private let output = DispatchQueue(label: "announce.web-play.output")

    // Touched only on `output`.
    private let said: PlayOutput
    private var hintsOn = false
    private var lastChange = DispatchTime.now()
    /// How many focus moves the page has reported, so a key that moved focus is not read twice.
    private var focusChanges = 0
    /// The element last read: its containers are named once as focus enters or leaves them, and a reader
    /// that says only changes says what changed in it.
    private var lastRead: PageElement?
    /// Orca's browse and focus modes, whose switches the Orca style says.
    private var modes = OrcaModes()

    /// How long the page must be quiet after a key before the next is taken, so lines keep their order.
    public static let settling: Duration = .milliseconds(300)

    public init(
        page: WebPage, keyboard: PlayKeyboard, voice: any FlowSpeaker, profile: VoiceProfile, style: ReaderStyle = .voiceover, hints: Bool,
        stopSpeech: @escaping @Sendable () -> Void, writeLine: @escaping @Sendable (String) -> Void
    ) {
        self.page = page
        self.keyboard = keyboard
        self.voice = voice
        self.composer = PhraseComposer(profile: profile, style: style)
        self.words = PlayWords(profile: profile)
        self.stopSpeech = stopSpeech
        self.hintsOn = hints
        self.said = PlayOutput(voice: voice, words: PlayWords(profile: profile), writeLine: writeLine)
    }

    /// What `WebPage.open` calls with each change of the page, on the browser's thread.
    public func hear(_ change: PageChange) {
        output.async {
            self.lastChange = .now()
            switch change.kind {
            case let .live(region, politeness, text):
                let line = self.words.line(.announcement, ["politeness": self.words.line(politeness == .assertive ? .assertive : .polite), "text": text])
                self.speak(Utterance(text: text, kind: .announcement, politeness: politeness, region: region), line: line)
            case .focus:
                self.focusChanges += 1
                self.readFocus()
            }
        }
    }

    /// Reads keys until `q` or the end of input.
    public func run() -> FlowPlayer.Ending {
        keyboard.pageKeys = true
        keyboard.enterKeyMode()
        defer { keyboard.restore() }
        while let key = keyboard.nextKey() {
            switch key {
            case .next: press { () throws(WebError) in try self.page.press("Tab", code: "Tab", keyCode: 9) }
            case .previous: press { () throws(WebError) in try self.page.press("Tab", code: "Tab", keyCode: 9, shift: true) }
            case .activate: activate()
            case let .key(chord): pressInPlace(chord)
            case .type: typeIntoFocus()
            case .repeatPhrase: output.async { self.readFocus(repeating: true) }
            case .hints:
                output.async {
                    self.hintsOn.toggle()
                    let said = self.words.line(self.hintsOn ? .hintsOn : .hintsOff)
                    self.speak(Utterance(text: said, kind: .announcement, politeness: .polite, region: "flow-focus"), line: said, stopsFocus: true)
                }
            case .help: show(words.line(.keys))
            case .quit: return .quit
            case .unknown: show(words.line(.unknownKey))
            }
            settle()
        }
        return .endOfInput
    }

    public func quit() {
        output.sync { said.stopped = true }
        stopSpeech()
    }

    /// After the end of input: lets the page finish and everything sent be heard.
    public func finishSpeaking() {
        settle(for: .seconds(1))
        let ids = output.sync { said.stopped = true; return said.sentIDs }
        if !voice.waitUntilEnded(ids, timeout: .seconds(120)) {
            show(words.line(.speechUnfinished))
            stopSpeech()
        }
    }

    // MARK: - Keys

    /// A key press stops the reading, as any gesture does, then goes to the page.
    private func press(_ action: @escaping @Sendable () throws(WebError) -> Void) {
        output.sync {
            said.stopFocus()
        }
        do throws(WebError) { try action() } catch { show(error.description) }
    }

    private func activate() {
        let focused = output.sync { (try? PageReader.focusedElement(page)) ?? nil }
        guard let focused else {
            show(words.line(.nothingFocused))
            return
        }
        if focused.element.role.isToggle {
            press { () throws(WebError) in try self.page.press(" ", code: "Space", keyCode: 32, text: " ") }
            Thread.sleep(forTimeInterval: 0.05)
            output.async { self.readFocus() }
        } else {
            press { () throws(WebError) in try self.page.press("Enter", code: "Enter", keyCode: 13, text: "\r") }
        }
    }

    /// Any other key goes to the page as it is; a widget that changes without moving focus (a slider's
    /// value, a list box's active option, a check box's state) is read again, as a screen reader does.
    private func pressInPlace(_ chord: KeyChord) {
        let before = output.sync { (try? PageReader.focusedElement(page)) ?? nil }
        let focusMoves = output.sync { focusChanges }
        press { () throws(WebError) in try self.page.press(chord) }
        Thread.sleep(forTimeInterval: 0.3)
        output.async {
            guard self.focusChanges == focusMoves, let after = (try? PageReader.focusedElement(self.page)) ?? nil else { return }
            if after.backendNodeId != before?.backendNodeId || after.element != before?.element { self.readFocus() }
        }
    }

    private func typeIntoFocus() {
        let focused = output.sync { (try? PageReader.focusedElement(page)) ?? nil }
        guard let focused else {
            show(words.line(.nothingFocused))
            return
        }
        let element = focused.element
        guard element.role.isTextField else {
            show(words.line(.notATextField, ["name": element.label.isEmpty ? element.id.rawValue : element.label]))
            return
        }
        output.sync { said.print(line: words.line(.typeInto, ["name": element.label.isEmpty ? element.id.rawValue : element.label])) }
        // What is typed into a password field is never shown; its phrase then says how many characters it has.
        guard let text = keyboard.readLine(echo: element.role != .secureTextField) else {
            show(words.line(.nothingTyped))
            return
        }
        press { () throws(WebError) in
            _ = try self.page.evaluate("(() => { const field = document.activeElement; if (field && field.select) field.select(); return null; })()")
            try self.page.send(Input.InsertText(text: text))
        }
        output.async { self.readFocus() }
    }

    /// Waits until the page has been quiet for `settling` after the last change, a few seconds at most.
    private func settle(for least: Duration = WebPlayer.settling) {
        let begun = DispatchTime.now()
        Thread.sleep(forTimeInterval: Double(least.components.seconds) + Double(least.components.attoseconds) / 1e18)
        while DispatchTime.now().uptimeNanoseconds - begun.uptimeNanoseconds < 5_000_000_000 {
            let quietFor = output.sync { DispatchTime.now().uptimeNanoseconds - lastChange.uptimeNanoseconds }
            if quietFor >= 250_000_000 { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    // MARK: - Printing and speaking (on `output`)

    private func readFocus(repeating: Bool = false) {
        guard let focused = (try? PageReader.focusedElement(page)) ?? nil else { return }
        let previous = lastRead
        lastRead = focused
        let (entering, leaving) = ContextContainer.moves(from: previous?.element.context ?? [], to: focused.element.context)
        var phrase = composer.phrase(for: focused.element, hints: hintsOn, entering: entering, leaving: leaving,
                                     previous: repeating ? nil : previous?.element)
        if !repeating, composer.style.saysChangesOnly, let previous, previous.backendNodeId == focused.backendNodeId,
           let change = composer.change(from: previous.element, to: focused.element) {
            phrase = change
        } else if previous?.backendNodeId != focused.backendNodeId {
            phrase = composer.phrase(phrase, then: modes.focusMoved(to: focused.element))
        }
        speak(Utterance(text: phrase, kind: .focus(focused.element.id), politeness: .polite), line: phrase.isEmpty ? words.line(.blank) : phrase, stopsFocus: true)
    }

    private func show(_ text: String) {
        output.async { self.said.print(line: text) }
    }

    private func speak(_ utterance: Utterance, line: String, stopsFocus: Bool = false) {
        said.speak(utterance, line: line, stopsFocus: stopsFocus)
    }
}
