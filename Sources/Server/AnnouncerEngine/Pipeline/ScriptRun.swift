import AnnouncerCore
import AnnouncerVoices

/// A stretch of an SSML announcement that one synthesis request speaks, or a sound between them.
///
/// Runs of a `SpeechScript` that share a voice and prosody go to eSpeak as one request, with announcer's
/// own `<mark name="N"/>` (N the mark's number in the script) and `<break>` between their words, so the
/// sentence keeps its intonation and eSpeak tells where each mark falls in the audio. A change of language,
/// voice or prosody starts a new run; a sound stands alone.
enum ScriptRun: Equatable {
    /// Words with marks and pauses, in one voice and prosody.
    case speech(SpeechRun)
    /// Marks with no words around them, such as a mark at the very end.
    case marks([Int])
    /// A sound icon by name; `fallback` is spoken when it cannot be played.
    case sound(name: String, fallback: [ScriptRun])
    /// Silence between sounds or tones, where there are no words for eSpeak to pause within.
    case silence(Duration)
    /// A pure tone.
    case tone(hertz: Int, duration: Duration)

    /// One synthesis request's worth of a script.
    struct SpeechRun: Equatable {
        var language: Language
        var voiceType: VoiceType?
        var reading: TextReading
        /// The style's multipliers of the announcement's rate, pitch and volume.
        var rate: Double
        var pitch: Double
        var volume: Double
        var pieces: [Piece]

        enum Piece: Equatable {
            case text(String, emphasized: Bool)
            case mark(Int)
            case pause(Duration)
        }

        /// True when it has words to speak, not only marks and pauses.
        var hasWords: Bool { pieces.contains { if case .text = $0 { true } else { false } } }

        /// The numbers of its marks, in order.
        var marks: [Int] { pieces.compactMap { if case let .mark(mark) = $0 { mark } else { nil } } }

        /// eSpeak SSML for the run: each text prepared by `prepare` (normalization, lexicon, punctuation
        /// or spelling) and escaped, so nothing a client wrote is read as markup or as phonemes.
        func markup(prepare: (String) -> String) -> String {
            var markup = ""
            for piece in pieces {
                switch piece {
                case let .text(text, emphasized):
                    let escaped = Self.escaped(prepare(text))
                    markup += emphasized ? "<emphasis>\(escaped)</emphasis>" : escaped
                    // Words of neighbouring pieces stay apart.
                    markup += " "
                case let .mark(mark):
                    markup += "<mark name=\"\(mark)\"/>"
                case let .pause(duration):
                    let milliseconds = duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000
                    markup += "<break time=\"\(max(0, milliseconds))ms\"/>"
                }
            }
            return markup
        }

        private static func escaped(_ text: String) -> String {
            var escaped = ""
            escaped.reserveCapacity(text.utf8.count)
            for character in text {
                switch character {
                case "&": escaped += "&amp;"
                case "<": escaped += "&lt;"
                case ">": escaped += "&gt;"
                default: escaped.append(character)
                }
            }
            return escaped
        }
    }

    /// The runs of `parts`, whose marks are numbered from `firstMark`, for an announcement in `language`.
    static func runs(
        of parts: some Collection<SpeechPart>, firstMark: Int, language: Language, voiceType: VoiceType?
    ) -> [ScriptRun] {
        var runs: [ScriptRun] = []
        var current: SpeechRun?
        var nextMark = firstMark
        /// Marks seen since the last words, which join the next run of words whatever its style.
        var loose: [SpeechRun.Piece] = []

        func close() {
            if let run = current { runs.append(.speech(run)) }
            current = nil
        }
        /// Marks and pauses with no words to join, in order: marks as `.marks`, pauses as `.silence`.
        func flushLoose() {
            var marks: [Int] = []
            for piece in loose {
                switch piece {
                case let .mark(mark):
                    marks.append(mark)
                case let .pause(duration):
                    if !marks.isEmpty { runs.append(.marks(marks)) }
                    marks = []
                    runs.append(.silence(duration))
                case .text:
                    break
                }
            }
            if !marks.isEmpty { runs.append(.marks(marks)) }
            loose = []
        }
        /// Ends the run of words (with what is loose after them) before a sound or tone.
        func closeBeforeSound() {
            if current != nil {
                current?.pieces += loose
                loose = []
            }
            close()
            flushLoose()
        }
        for part in parts {
            switch part {
            case let .text(text, style):
                let runLanguage = style.language ?? language
                let runVoice = style.voiceType ?? voiceType
                if let run = current,
                   run.language != runLanguage || run.voiceType != runVoice || run.reading != style.reading
                    || run.rate != style.rate || run.pitch != style.pitch || run.volume != style.volume {
                    close()
                }
                if current == nil {
                    current = SpeechRun(
                        language: runLanguage, voiceType: runVoice, reading: style.reading,
                        rate: style.rate, pitch: style.pitch, volume: style.volume, pieces: [])
                }
                current?.pieces += loose
                loose = []
                current?.pieces.append(.text(text, emphasized: style.emphasized))
            case .mark:
                // A mark binds to the words after it (Orca puts one before each word), so a change of
                // style after it moves it into the next run with them.
                loose.append(.mark(nextMark))
                nextMark += 1
            case let .pause(duration):
                loose.append(.pause(duration))
            case let .sound(name, fallback):
                closeBeforeSound()
                // Marks inside a fallback are not numbered; the script's numbering counts only its own.
                let fallbackRuns = ScriptRun.runs(of: fallback.filter { if case .mark = $0 { false } else { true } },
                                        firstMark: nextMark, language: language, voiceType: voiceType)
                runs.append(.sound(name: name, fallback: fallbackRuns))
            case let .tone(hertz, duration):
                closeBeforeSound()
                runs.append(.tone(hertz: hertz, duration: duration))
            }
        }
        if !loose.isEmpty {
            if current != nil {
                // Marks and pauses after the last words end that run: eSpeak reports a mark at the end too.
                current?.pieces += loose
                loose = []
            } else {
                flushLoose()
            }
        }
        close()
        return runs
    }
}
