public import AnnouncerVoices
import AnnouncerCore
import Dispatch
import Foundation

/// Carries out `flow play`: keys become actions on the session; what the session says is printed as
/// one plain line each and spoken, at the moment the app would say it.
///
/// The session is the main thread's alone. Printing and speaking happen in order on `output`, so a
/// line never overtakes one before it and a late announcement (`after_ms`) never holds up keys.
// Unchecked: `session` and `keyboard` are the main thread's alone and the `var`s below are touched only on
// `output`, so no state is shared unguarded; Sendable so that the blocks sent to `output` may hold the player.
public final class FlowPlayer: @unchecked Sendable {
    private var session: FlowSession
    private let keyboard: PlayKeyboard
    private let voice: any FlowSpeaker
    private let profile: VoiceProfile
    /// The player's own lines, in the flow's language.
    public let words: PlayWords
    /// Stops everything this run sent; safe from any thread (Ctrl-C arrives on another).
    private let stopSpeech: @Sendable () -> Void
    private let output = DispatchQueue(label: "announce.flow-play.output")

    // Touched only on `output`.
    private let said: PlayOutput
    /// When the last late announcement is due, so the end of input waits for it.
    private var lastDeadline = DispatchTime.now()


    public init(
        session: FlowSession, keyboard: PlayKeyboard, voice: any FlowSpeaker, profile: VoiceProfile,
        stopSpeech: @escaping @Sendable () -> Void,
        writeLine: (@Sendable (String) -> Void)? = nil
    ) {
        self.session = session
        self.keyboard = keyboard
        self.voice = voice
        self.profile = profile
        self.words = PlayWords(profile: profile)
        self.stopSpeech = stopSpeech
        // Each printed line goes, with its newline, to standard output unless a test reads them.
        let writeLine = writeLine ?? { try? FileHandle.standardOutput.write(contentsOf: Data($0.utf8)) }
        self.said = PlayOutput(voice: voice, words: words, writeLine: { writeLine($0 + "\n") })
    }

    /// How the play ended.
    public enum Ending { case quit, endOfInput }

    /// Reads keys until `q` or the end of input.
    public func run() -> Ending {
        keyboard.enterKeyMode()
        defer { keyboard.restore() }
        while let key = keyboard.nextKey() {
            switch key {
            case .next: perform(.next)
            case .previous: perform(.previous)
            case .activate: perform(.activate(nil))
            case .type: typeIntoFocus()
            case .repeatPhrase: repeatFocus()
            case .hints: toggleHints()
            case .help: show(words.line(.keys))
            case .quit: return .quit
            case .unknown: show(words.line(.unknownKey))
            case let .key(chord):
                if let action = FlowSession.swipe(for: chord, on: nil) { perform(action) } else { show(words.line(.unknownKey)) }
            }
        }
        return .endOfInput
    }

    /// After `q`: stops what is still speaking, as a screen reader falls silent when it is turned off.
    public func quit() {
        output.sync { said.stopped = true }
        stopSpeech()
    }

    /// After the end of input: lets late announcements come and everything sent be heard, so a
    /// scripted run is heard to its end.
    public func finishSpeaking() {
        let due = output.sync { lastDeadline }
        let now = DispatchTime.now()
        if due > now {
            Thread.sleep(forTimeInterval: Double(due.uptimeNanoseconds - now.uptimeNanoseconds) / 1e9 + 0.05)
        }
        let ids = output.sync { said.stopped = true; return said.sentIDs }
        if !voice.waitUntilEnded(ids, timeout: .seconds(120)) {
            show(words.line(.speechUnfinished))
            stopSpeech()
        }
    }

    // MARK: - Actions

    private func perform(_ action: StepAction) {
        // Any gesture stops the screen reader's reading, as on a phone, and as flow check does;
        // the app's announcements go on.
        if action.isUserAction {
            output.async {
                self.said.stopFocus()
            }
        }
        let screenBefore = session.screenID
        let said: [Utterance]
        do throws(FlowError) {
            said = try session.perform(action)
        } catch {
            show(describe(error))
            return
        }
        if session.screenID != screenBefore {
            show(words.line(.screen, ["screen": session.screen.title ?? session.screenID.rawValue]))
        }
        if said.isEmpty {
            switch action {
            case .next where !session.focusOrder.isEmpty: show(words.line(.lastElement))
            case .previous where !session.focusOrder.isEmpty: show(words.line(.firstElement))
            case .next, .previous: show(words.line(.nothingToMove))
            default: show(words.line(.nothingHappened))
            }
        }
        present(said)
    }

    private func typeIntoFocus() {
        guard let focus = session.focus, let element = session.element(focus) else {
            show(words.line(.nothingFocused))
            return
        }
        guard element.role.isTextField else {
            show(describe(.notATextField(focus)))
            return
        }
        let name = element.label.isEmpty ? focus.rawValue : element.label
        output.sync { said.print(line: words.line(.typeInto, ["name": name])) }
        // What is typed into a secure field is never shown; its phrase then says how many characters it has.
        guard let text = keyboard.readLine(echo: element.role != .secureTextField) else {
            show(words.line(.nothingTyped))
            return
        }
        perform(.type(text, into: nil))
    }

    private func repeatFocus() {
        guard let focus = session.focus else {
            show(words.line(.nothingFocused))
            return
        }
        let phrase = session.phrase(of: focus)
        present([Utterance(text: phrase, kind: .focus(focus), politeness: .polite)])
    }

    private func toggleHints() {
        session.hintsOn.toggle()
        let said = words.line(session.hintsOn ? .hintsOn : .hintsOff)
        // The tool's own words, spoken and stopped like a focus phrase.
        let utterance = Utterance(text: said, kind: .announcement, politeness: .polite, region: "flow-focus")
        output.async { self.speak(utterance, stopsFocus: true, line: said) }
    }

    // MARK: - Printing and speaking

    /// Prints a line the tool says to the screen only, after every line before it.
    private func show(_ text: String) {
        output.async { self.said.print(line: text) }
    }

    /// Prints and speaks each utterance when the app makes it: at once, or `after_ms` later.
    private func present(_ utterances: [Utterance]) {
        let start = DispatchTime.now()
        for utterance in utterances {
            let line: String
            switch utterance.kind {
            case .focus: line = utterance.text.isEmpty ? words.line(.blank) : utterance.text
            case .announcement:
                let politeness = words.line(utterance.politeness == .assertive ? .assertive : .polite)
                line = words.line(.announcement, ["politeness": politeness, "text": utterance.text])
            }
            let stopsFocus = !utterance.isAnnouncement
            let work: @Sendable () -> Void = { self.speak(utterance, stopsFocus: stopsFocus, line: line) }
            if utterance.delayMilliseconds > 0 {
                let due = start + .milliseconds(utterance.delayMilliseconds)
                output.async { self.lastDeadline = max(self.lastDeadline, due) }
                output.asyncAfter(deadline: due, execute: work)
            } else {
                output.async(execute: work)
            }
        }
    }

    /// On `output`: prints, stops the focus phrase this replaces, and speaks.
    private func speak(_ utterance: Utterance, stopsFocus: Bool, line: String) {
        said.speak(utterance, line: line, stopsFocus: stopsFocus)
    }

    /// A step that cannot be carried out, in the flow's language where the player knows the words.
    private func describe(_ error: FlowError) -> String {
        switch error {
        case .nothingFocused: words.line(.nothingFocused)
        case let .notATextField(id):
            words.line(.notATextField, ["name": session.element(id).map { $0.label.isEmpty ? id.rawValue : $0.label } ?? id.rawValue])
        default: error.description
        }
    }
}
