/// What `flow play` and `web play` share once a phrase is decided: print it as one plain line, stop the
/// focus phrase it replaces, speak it, and remember what was sent. Used on one serial queue of its
/// player's own, so it needs no lock.
public final class PlayOutput {
    private let voice: any FlowSpeaker
    private let words: PlayWords
    private let writeLine: @Sendable (String) -> Void
    /// The focus phrase (or the tool's own words) last sent, which the next one stops.
    private var speakingFocus: String?
    /// Every announcement id sent, to wait for at the end.
    public private(set) var sentIDs: [String] = []
    /// Once set, nothing more is printed or spoken.
    public var stopped = false

    public init(voice: any FlowSpeaker, words: PlayWords, writeLine: @escaping @Sendable (String) -> Void) {
        self.voice = voice
        self.words = words
        self.writeLine = writeLine
    }

    /// Stops the focus phrase still speaking, as a gesture does.
    public func stopFocus() {
        if let previous = speakingFocus {
            voice.cancel(previous)
            speakingFocus = nil
        }
    }

    /// Prints the line, stops the focus phrase still speaking when this one replaces it, and speaks.
    public func speak(_ utterance: Utterance, line: String, stopsFocus: Bool) {
        guard !stopped else { return }
        print(line: line)
        if stopsFocus { stopFocus() }
        guard utterance.text.contains(where: { !$0.isWhitespace }) else { return }
        do {
            let id = try voice.say(utterance)
            sentIDs.append(id)
            if stopsFocus { speakingFocus = id }
        } catch {
            print(line: words.line(.couldNotSpeak, ["error": "\(error)"]))
        }
    }

    /// One plain line; control characters become spaces, so nothing but text and the newline ever
    /// reaches the screen or a braille display.
    public func print(line text: String) {
        let plain = String(String.UnicodeScalarView(text.unicodeScalars.map {
            $0.properties.generalCategory == .control ? " " : $0
        }))
        writeLine(plain)
    }
}
