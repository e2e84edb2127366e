public import AnnouncerCore

/// Reads SSML, as screen readers send it through Speech Dispatcher, into a `SpeechScript`.
///
/// It reads the subset screen readers use: `speak` (the root, which may be left out), `mark`,
/// `break`, `p`, `s`, `say-as`, `prosody`, `voice`, `lang`, `sub`, `emphasis` and `audio`, and
/// announcer's own `announcer:tone` (a pure tone, for Emacspeak's `t`). Other
/// elements, `phoneme` and `desc` among them, are read as their text: a `phoneme`'s `ph` goes
/// nowhere, since no client may send phonemes. Markup that is not well formed, or that is nested
/// or made of parts beyond the limits, is spoken as its text content, with `problem` saying why.
/// It never throws and never stops on any input.
public struct SSMLReader: Sendable {
    /// How deep elements may be nested; deeper, the markup is not read.
    public static let maxDepth = 64
    /// How many parts a script may have, sounds' fallbacks included; more, the markup is not read.
    public static let maxParts = 10_000
    /// The longest mark name kept, in UTF-8 bytes; a longer one is cut to it, at a character's end.
    public static let maxMarkNameBytes = 256
    /// The longest pause a `break`, or a run of them, makes; a longer time is cut to it.
    public static let maxPause = Duration.seconds(10)

    private let voiceNamed: @Sendable (String) -> Language?

    /// `voiceNamed` gives the language of a voice the server offers by its name, so that
    /// `<voice name="…">` may name one; a name it does not know is read as a language code if it is one.
    public init(voiceNamed: @escaping @Sendable (String) -> Language? = { _ in nil }) {
        self.voiceNamed = voiceNamed
    }

    /// The script of `markup`. Text with no markup at all is one run of plain text.
    public func read(_ markup: String) -> SpeechScript {
        do {
            return SpeechScript(parts: try parts(of: markup))
        } catch {
            let text = SSMLTextContent.of(markup).collapsingWhitespace
            return SpeechScript(parts: text.isEmpty ? [] : [.text(text, .plain)], problem: error.sentence)
        }
    }

    /// An element that is open, with what its content is spoken like.
    private struct OpenElement {
        let name: String
        let style: SpeechStyle
        /// Its content is not spoken: it is inside a `sub`, whose alias is spoken instead.
        let silent: Bool
        let closing: Closing

        /// What closing the element adds.
        enum Closing {
            case nothing
            /// The pause at the end of a sentence or paragraph.
            case pause(Duration)
            /// The end of a sound's fallback.
            case sound
        }
    }

    private func parts(of markup: String) throws(SSMLMalformation) -> [SpeechPart] {
        var tokenizer = SSMLTokenizer(markup)
        var builder = SpeechScriptBuilder()
        var open: [OpenElement] = []
        while let token = try tokenizer.next() {
            switch token {
            case let .text(text):
                if open.last?.silent != true { builder.text(text, style: open.last?.style ?? .plain) }
            case let .open(name, attributes, selfClosing):
                guard open.count < Self.maxDepth else { throw .tooDeep(limit: Self.maxDepth) }
                let element = opening(name, attributes, inside: open.last, builder: &builder)
                if selfClosing { close(element, builder: &builder) } else { open.append(element) }
            case let .close(name):
                guard let element = open.popLast() else { throw .strayClose(name) }
                guard element.name == name else { throw .mismatchedClose(open: element.name, close: name) }
                close(element, builder: &builder)
            }
            guard builder.partCount <= Self.maxParts else { throw .tooManyParts(limit: Self.maxParts) }
        }
        if let unclosed = open.last { throw .unclosedElement(unclosed.name) }
        return builder.finish()
    }

    /// The tones people can hear: 20 Hz to 20 kHz.
    public static let hearing = 20...20_000

    /// A frequency in hertz, `440` or `440Hz`, within `hearing`.
    static func hertz(_ value: String) -> Int? {
        var text = String(value.trimmed).lowercased()
        if text.hasSuffix("hz") { text = String(String(text.dropLast(2)).trimmed) }
        guard let number = Double(text), number.isFinite else { return nil }
        let rounded = Int(number.rounded())
        return hearing.contains(rounded) ? rounded : nil
    }

    /// Opens the element `name`: adds what its opening tag says (a mark, a pause, a `sub`'s alias)
    /// and gives the style of its content.
    private func opening(
        _ name: String, _ attributes: [SSMLTokenizer.Attribute], inside parent: OpenElement?, builder: inout SpeechScriptBuilder
    ) -> OpenElement {
        func attribute(_ attributeName: String) -> String? { attributes.first { $0.name == attributeName }?.value }
        var style = parent?.style ?? .plain
        let silent = parent?.silent ?? false
        var closing = OpenElement.Closing.nothing
        var contentSilent = silent
        switch name {
        case "p", "paragraph", "s", "sentence":
            guard !silent else { break }
            builder.breakText()
            let paragraph = name == "p" || name == "paragraph"
            closing = .pause(paragraph ? SSMLPauses.paragraphEnd : SSMLPauses.sentenceEnd)
        case "mark":
            if !silent, let markName = attribute("name"), !markName.isEmpty { builder.mark(Self.kept(markName)) }
        case "break":
            if !silent { builder.pause(SSMLPauses.breakDuration(time: attribute("time"), strength: attribute("strength"))) }
        case "say-as":
            let spelled: Set = ["characters", "tts:char", "spell-out", "letters"]
            style.reading = spelled.contains(attribute("interpret-as")?.trimmed.lowercased() ?? "") ? .characters : .words
        case "prosody":
            let rate = attribute("rate").flatMap(ProsodyChange.rate)
            let pitch = attribute("pitch").flatMap(ProsodyChange.pitch)
            let volume = attribute("volume").flatMap(ProsodyChange.volume)
            if let rate { style.rate = rate.applied(to: style.rate, within: ProsodyChange.rateAndPitchRange) }
            if let pitch { style.pitch = pitch.applied(to: style.pitch, within: ProsodyChange.rateAndPitchRange) }
            if let volume { style.volume = volume.applied(to: style.volume, within: ProsodyChange.volumeRange) }
        case "voice":
            if let voiceName = attribute("name"), let language = language(ofVoiceNamed: voiceName) { style.language = language }
            if let code = attribute("language"), let language = Language(code: code) { style.language = language }
            style.voiceType = SSMLVoice.voiceType(gender: attribute("gender"), age: attribute("age"), current: style.voiceType)
        case "emphasis":
            let level = attribute("level")?.trimmed.lowercased()
            style.emphasized = level != "none" && level != "reduced"
        case "sub":
            guard let alias = attribute("alias") else { break }
            if !silent { builder.text(alias, style: style) }
            contentSilent = true
        case "announcer:tone":
            // announcer's own element, for Emacspeak's tones: <announcer:tone frequency="440" duration="75ms"/>.
            guard !silent, let hertz = attribute("frequency").flatMap(Self.hertz),
                  let duration = attribute("duration").flatMap(SSMLPauses.time), duration > .zero else { break }
            builder.tone(hertz: hertz, duration: duration)
        case "audio":
            guard !silent, let source = attribute("src"), !source.isEmpty else { break }
            builder.beginSound(named: source, style: style)
            closing = .sound
        default:
            break
        }
        // After the voice's name, so that a language written out wins over the one a name implies.
        if let code = attribute("xml:lang"), let language = Language(code: code) { style.language = language }
        return OpenElement(name: name, style: style, silent: contentSilent, closing: closing)
    }

    private func close(_ element: OpenElement, builder: inout SpeechScriptBuilder) {
        switch element.closing {
        case .nothing: break
        case let .pause(duration): builder.boundary(duration)
        case .sound: builder.endSound()
        }
    }

    /// The language of the voice `name`, a voice the server offers or a language code; SSML 1.1 lets
    /// `name` list several, separated by spaces, the first that is known counting.
    private func language(ofVoiceNamed name: String) -> Language? {
        let listed = name.split(whereSeparator: \.isWhitespace).map(String.init)
        for candidate in [name] + (listed.count > 1 ? listed : []) {
            if let language = voiceNamed(candidate) ?? Language(code: candidate) { return language }
        }
        return nil
    }

    /// `name` as given, cut to `maxMarkNameBytes` at the end of a character.
    private static func kept(_ name: String) -> String {
        guard name.utf8.count > maxMarkNameBytes else { return name }
        var bytes = 0
        var end = name.startIndex
        for character in name {
            bytes += character.utf8.count
            guard bytes <= maxMarkNameBytes else { break }
            end = name.index(after: end)
        }
        return String(name[..<end])
    }
}
