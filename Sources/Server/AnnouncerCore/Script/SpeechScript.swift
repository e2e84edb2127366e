/// An announcement read from SSML: its words in runs, each with how it is spoken, and the marks,
/// pauses and sounds between them. Plain-text announcements have none.
public struct SpeechScript: Sendable, Hashable {
    public var parts: [SpeechPart]
    /// One plain sentence on what in the markup could not be followed as written: why it could not be
    /// read as SSML, so that it is spoken as its text content instead, or a language no voice speaks;
    /// nil when it was followed. The timeline carries it as a warning.
    public var problem: String?

    public init(parts: [SpeechPart], problem: String? = nil) {
        self.parts = parts
        self.problem = problem
    }

    /// What a listener hears, as plain text: the runs' words joined, marks and pauses left out, a sound
    /// by its fallback, a tone as the word "tone". The announcement's text, which the timeline shows and duplicates compare.
    public var plainText: String {
        var words: [String] = []
        func collect(_ parts: [SpeechPart]) {
            for part in parts {
                switch part {
                case let .text(text, _): words.append(text)
                case let .sound(_, fallback): collect(fallback)
                // Named, so an announcement of only a tone (Emacspeak's `t`) has words on the timeline.
                case .tone: words.append("tone")
                case .mark, .pause: break
                }
            }
        }
        collect(parts)
        return words.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The script with every run in a language `isSpoken` refuses given the announcement's own language
    /// instead, and the languages so replaced, each once, in the order they first appear: a `<lang>` or
    /// `<voice>` naming a language no voice speaks keeps its words rather than failing the announcement.
    public func keepingLanguages(where isSpoken: (Language) -> Bool) -> (script: SpeechScript, replaced: [Language]) {
        var replaced: [Language] = []
        func kept(_ parts: [SpeechPart]) -> [SpeechPart] {
            parts.map { part in
                switch part {
                case let .text(text, style):
                    guard let language = style.language, !isSpoken(language) else { return part }
                    if !replaced.contains(language) { replaced.append(language) }
                    var style = style
                    style.language = nil
                    return .text(text, style)
                case let .sound(name, fallback):
                    return .sound(name: name, fallback: kept(fallback))
                case .mark, .pause, .tone:
                    return part
                }
            }
        }
        var script = self
        script.parts = kept(parts)
        return (script, replaced)
    }

    /// The names of the marks, in the order they are reached. Marks inside a sound's fallback do not count.
    public var markNames: [String] {
        parts.compactMap { if case let .mark(name) = $0 { name } else { nil } }
    }

    /// The parts that follow the mark numbered `index` (0 is the first mark): where speech resumes
    /// after a pause at that mark. All of them when there is no such mark.
    public func parts(afterMark index: Int) -> ArraySlice<SpeechPart> {
        var seen = -1
        for (position, part) in parts.enumerated() {
            guard case .mark = part else { continue }
            seen += 1
            if seen == index { return parts[(position + 1)...] }
        }
        return parts[...]
    }
}

/// One piece of a `SpeechScript`.
public enum SpeechPart: Sendable, Hashable {
    /// Words to speak, in a style; text preparation (normalization, lexicon, punctuation) applies to them.
    case text(String, SpeechStyle)
    /// An index mark: reported on the timeline, and to the client, when the audio at this point is heard.
    case mark(String)
    /// Silence.
    case pause(Duration)
    /// A sound icon by name; `fallback` is spoken instead when no sound folder has it.
    indirect case sound(name: String, fallback: [SpeechPart])
    /// A pure tone (Emacspeak's `t`), at `hertz` for `duration`, at the announcement's volume.
    case tone(hertz: Int, duration: Duration)
}

/// How a run of a `SpeechScript` is spoken, relative to its announcement.
public struct SpeechStyle: Sendable, Hashable {
    /// The language whose voice profile speaks the run; nil keeps the announcement's.
    public var language: Language?
    /// The kind of voice; nil keeps the announcement's.
    public var voiceType: VoiceType?
    /// As words, spelled, or as a key name.
    public var reading: TextReading
    /// Multipliers of the announcement's rate, pitch and volume: 1 keeps them, 2 doubles, 0.5 halves.
    public var rate: Double
    public var pitch: Double
    public var volume: Double
    /// Stressed, as SSML's `emphasis` asks.
    public var emphasized: Bool

    public init(
        language: Language? = nil, voiceType: VoiceType? = nil, reading: TextReading = .words,
        rate: Double = 1, pitch: Double = 1, volume: Double = 1, emphasized: Bool = false
    ) {
        self.language = language
        self.voiceType = voiceType
        self.reading = reading
        self.rate = rate
        self.pitch = pitch
        self.volume = volume
        self.emphasized = emphasized
    }

    /// The announcement's own way of speaking.
    public static let plain = SpeechStyle()
}
