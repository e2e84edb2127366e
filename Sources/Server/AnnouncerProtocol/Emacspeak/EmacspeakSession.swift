public import AnnouncerCore

/// One Emacspeak speech-server conversation as a value: command words in, actions out, no I/O.
///
/// It speaks the protocol of Emacspeak's own eSpeak server (`servers/espeak` on `tts-lib.tcl`):
/// `q`, `c`, `a`, `sh` and `t` queue; `d` speaks what is queued as one announcement; `s` clears the
/// queue and stops this client's speech; `tts_say`, `l` and `p` speak at once; the `tts_*` settings and
/// the language commands change what follows. Each announcement goes out as a `speak` request of
/// announcer's JSON-lines protocol, written in SSML, so the server and an embedded engine read it the
/// same way. Repeats are kept: a user who moves twice over the same word hears it twice.
public struct EmacspeakSession: Sendable {
    /// What the caller must do, in order.
    public enum Action: Sendable, Equatable {
        /// Speak this request (SSML, repeats kept) as one of this client's announcements.
        case speak(SpeakRequest)
        /// End every announcement of this client, speaking or waiting.
        case stop
        /// Pause or resume this client's speech (`tts_pause`, `tts_resume`).
        case pause
        case resume
        /// Write this line on standard output (`list_lang`).
        case output(String)
        /// Write this sentence on standard error: the command was skipped, or, for a number too large
        /// to use, carried out with the nearest it takes; the sentence says which.
        case problem(String)
        /// The input asked the server to end (`exit`, `tts_exit`).
        case end
    }

    /// A queued piece of an utterance, waiting for `d`.
    private enum Item: Sendable {
        case text(String, code: String?)
        case silence(milliseconds: Int)
        case tone(hertz: Int, milliseconds: Int)
        case sound(String)
    }

    /// More queued pieces than this without a `d` are not kept: the oldest go first.
    public static let maxQueuedItems = 10_000
    /// The longest silence or tone one command makes, in milliseconds.
    public static let longestPiece = 10_000

    public private(set) var settings: EmacspeakSettings
    private var queued: [Item] = []
    private var pendingCode: String?
    private let voices: [OfferedVoice]
    private let defaultLanguage: Language
    private let immediatePoliteness: Politeness
    private let version: String
    private var aliases: [String: Language] = [:]

    /// `voices` are the languages there are profiles for, with their names; `immediatePoliteness` is
    /// how letters and `tts_say` are spoken (polite unless the user asked for assertive).
    public init(voices: [OfferedVoice], defaultLanguage: Language, immediatePoliteness: Politeness = .polite, version: String) {
        self.voices = voices
        self.defaultLanguage = defaultLanguage
        self.immediatePoliteness = immediatePoliteness
        self.version = version
        settings = EmacspeakSettings(language: defaultLanguage)
    }

    /// Carries out one command, given as its words.
    public mutating func receive(_ words: [String]) -> [Action] {
        guard let name = words.first else { return [] }
        let arguments = Array(words.dropFirst())
        let text = arguments.joined(separator: " ")
        switch name {
        case "q":
            guard !text.isBlank else { return [] }
            enqueue(.text(text, code: pendingCode))
            pendingCode = nil
        case "c":
            let code = text.trimmingBlanks
            pendingCode = code.isEmpty ? nil : code
        case "a":
            guard !text.isBlank else { return missing(name, "a sound file") }
            enqueue(.sound(text.trimmingBlanks))
        case "sh":
            guard let time = arguments.first.flatMap(Self.milliseconds) else { return missing(name, "a time in milliseconds") }
            let milliseconds = time.clamped(to: 0...Self.longestPiece)
            enqueue(.silence(milliseconds: milliseconds))
            return Self.tooLarge(in: name, [(time, "\(milliseconds)")])
        case "t":
            guard arguments.count >= 2, let pitch = EmacspeakNumber(arguments[0]),
                  let time = Self.milliseconds(arguments[1]) else {
                return missing(name, "a pitch in hertz and a time in milliseconds")
            }
            let hertz = pitch.clamped(to: 20...20_000), milliseconds = time.clamped(to: 0...Self.longestPiece)
            enqueue(.tone(hertz: hertz, milliseconds: milliseconds))
            return Self.tooLarge(in: name, [(pitch, "\(hertz)"), (time, "\(milliseconds)")])
        case "r":
            // A rate change queued among the pieces; Emacspeak 53 never sends it, so it applies at once.
            guard let rate = arguments.first.flatMap(EmacspeakSettings.wordsPerMinute) else { return missing(name, "a rate") }
            return setRate(rate, command: name)
        case "d":
            return dispatch()
        case "s":
            queued = []
            pendingCode = nil
            return [.stop]
        case "stop":
            // Fenrir's Emacspeak driver stops with the eSpeak server's own Tcl command.
            return [.stop]
        case "tts_say":
            let words = Self.inlineCommandsRead(text)
            guard !words.isBlank else { return [] }
            return [.speak(request("<speak>\(Self.escaped(words))</speak>", politeness: immediatePoliteness))]
        case "l":
            guard let letter = arguments.first, !letter.isEmpty else { return [] }
            return [.speak(letterRequest(letter))]
        case "p":
            guard !text.isBlank else { return missing(name, "a sound file") }
            let sound = request("<speak>\(Self.sound(text.trimmingBlanks))</speak>", politeness: .polite)
            return [.speak(sound)] + dispatch()
        case "tts_set_speech_rate":
            guard let rate = arguments.first.flatMap(EmacspeakSettings.wordsPerMinute) else {
                return missing(name, "a rate in words per minute")
            }
            return setRate(rate, command: name)
        case "tts_set_punctuations":
            guard let level = arguments.first.flatMap({ PunctuationLevel(rawValue: $0.lowercased()) }) else {
                return missing(name, "all, some or none")
            }
            settings.punctuation = level
        case "tts_set_character_scale":
            guard let scale = EmacspeakNumber(arguments.first), scale.value > 0 else { return missing(name, "a number") }
            settings.characterScale = min(3, max(0.5, scale.value))
            return Self.tooLarge(in: name, [(scale, "\(settings.characterScale)")])
        case "tts_split_caps", "tts_capitalize", "tts_allcaps_beep":
            guard let on = arguments.first.flatMap(EmacspeakSettings.flag) else { return missing(name, "1 or 0") }
            switch name {
            case "tts_split_caps": settings.splitCaps = on
            case "tts_capitalize": settings.capitalize = on
            default: settings.allCapsBeep = on
            }
        case "tts_sync_state":
            return syncState(arguments)
        case "tts_reset":
            queued = []
            pendingCode = nil
            settings = EmacspeakSettings(language: defaultLanguage)
        case "set_lang":
            guard let code = arguments.first else { return missing(name, "a language") }
            return setLanguage(code, sayIt: arguments.dropFirst().first.flatMap(EmacspeakSettings.flag) ?? false)
        case "set_next_lang", "set_previous_lang":
            return stepLanguage(by: name == "set_next_lang" ? 1 : -1)
        case "set_preferred_lang":
            guard arguments.count >= 2 else { return missing(name, "an alias and a language") }
            guard let language = language(named: arguments[1]) else { return unknownLanguage(arguments[1]) }
            aliases[arguments[0].lowercased()] = language
        case "list_lang":
            let codes = voices.map(\.language)
            let pairs = codes.enumerated().map { "\($0.offset) \($0.element)" }
            return [.output((pairs + ["current \(settings.language)"]).joined(separator: " "))]
        case "version":
            return [.speak(request("<speak>announcer \(Self.escaped(version))</speak>", politeness: .polite))]
        case "tts_pause":
            return [.pause]
        case "tts_resume":
            return [.resume]
        case "exit", "tts_exit":
            return [.stop, .end]
        default:
            return [.problem("The command \"\(Self.shortened(name))\" is not part of Emacspeak's speech-server protocol, so it was skipped.")]
        }
        return []
    }

    // MARK: - Speaking

    private mutating func enqueue(_ item: Item) {
        if queued.count >= Self.maxQueuedItems { queued.removeFirst(queued.count - Self.maxQueuedItems + 1) }
        queued.append(item)
    }

    /// What is queued, as one announcement; nothing when only silence is queued.
    private mutating func dispatch() -> [Action] {
        defer { queued = [] }
        let audible = queued.contains { if case .silence = $0 { false } else { true } }
        guard audible else { return [] }
        var ssml = "<speak>"
        for item in queued {
            switch item {
            case let .text(text, code):
                let (open, close) = EmacspeakVoiceCode.tags(code ?? "")
                ssml += open + words(text) + close + " "
            case let .silence(milliseconds):
                ssml += "<break time=\"\(milliseconds)ms\"/>"
            case let .tone(hertz, milliseconds):
                ssml += "<announcer:tone frequency=\"\(hertz)\" duration=\"\(milliseconds)ms\"/>"
            case let .sound(path):
                ssml += Self.sound(path)
            }
        }
        return [.speak(request(ssml + "</speak>", politeness: .polite))]
    }

    /// Queued text as SSML, with split capitals, raised capitals and beeps before capitals as set.
    private func words(_ text: String) -> String {
        var result = ""
        for word in Self.inlineCommandsRead(text).split(separator: " ", omittingEmptySubsequences: false) {
            if !result.isEmpty { result += " " }
            var spoken = String(word)
            let letters = spoken.filter(\.isLetter)
            if settings.splitCaps { spoken = Self.splittingCaps(spoken) }
            var markup = Self.escaped(spoken)
            if settings.capitalize, letters.first?.isUppercase == true {
                markup = "<prosody pitch=\"+30%\">\(markup)</prosody>"
            }
            if settings.allCapsBeep, letters.count > 1, letters.allSatisfy(\.isUppercase) {
                markup = "<announcer:tone frequency=\"660\" duration=\"30ms\"/>" + markup
            }
            result += markup
        }
        return result
    }

    /// A letter: spelled, lowercase, at a higher pitch when it is a capital, as Emacspeak's server says
    /// it, and faster by the character scale.
    private func letterRequest(_ letter: String) -> SpeakRequest {
        let capital = letter.first?.isUppercase == true
        let percent = Int((settings.characterScale * 100).rounded())
        let pitch = capital ? " pitch=\"+70%\"" : ""
        let ssml = "<speak><prosody rate=\"\(percent)%\"\(pitch)><say-as interpret-as=\"characters\">"
            + Self.escaped(letter.lowercased()) + "</say-as></prosody></speak>"
        return request(ssml, politeness: immediatePoliteness)
    }

    private func request(_ ssml: String, politeness: Politeness) -> SpeakRequest {
        SpeakRequest(
            text: ssml, politeness: politeness, language: settings.language,
            prosody: (try? Prosody(rate: settings.rate)) ?? .voiceDefault,
            punctuation: settings.punctuation, ssml: true, keepRepeats: true
        )
    }

    // MARK: - Settings

    /// `tts_sync_state` as each Emacspeak version sends it: 5 words (punctuation, capitalize, all-caps
    /// beep, split caps, rate) in Emacspeak 53; 4 (punctuation, split caps, all-caps beep, rate) and 3
    /// (punctuation, split caps, rate) in later ones.
    private mutating func syncState(_ arguments: [String]) -> [Action] {
        guard let level = arguments.first.flatMap({ PunctuationLevel(rawValue: $0.lowercased()) }),
              let rate = arguments.last.flatMap(EmacspeakSettings.wordsPerMinute) else {
            return missing("tts_sync_state", "a punctuation mode, flags and a rate")
        }
        let flags = arguments.dropFirst().dropLast().map(EmacspeakSettings.flag)
        guard flags.allSatisfy({ $0 != nil }) else { return missing("tts_sync_state", "flags of 1 or 0") }
        let on = flags.map { $0! }
        switch on.count {
        case 3:
            settings.capitalize = on[0]
            settings.allCapsBeep = on[1]
            settings.splitCaps = on[2]
        case 2:
            settings.splitCaps = on[0]
            settings.allCapsBeep = on[1]
        case 1:
            settings.splitCaps = on[0]
        default:
            return [.problem("tts_sync_state takes 3, 4 or 5 words, not \(arguments.count); it was skipped.")]
        }
        settings.punctuation = level
        return setRate(rate, command: "tts_sync_state")
    }

    /// Sets the rate from Emacspeak's words per minute; one sentence when the number was too large to use.
    private mutating func setRate(_ wordsPerMinute: EmacspeakNumber, command: String) -> [Action] {
        settings.rate = EmacspeakSettings.rate(wordsPerMinute: wordsPerMinute)
        return Self.tooLarge(in: command, [(wordsPerMinute, "\(settings.rate ?? Prosody.rateRange.upperBound)")])
    }

    // MARK: - Languages

    private func language(named word: String) -> Language? {
        if let alias = aliases[word.lowercased()] { return alias }
        guard let language = Language(code: word) else { return nil }
        return voices.contains { $0.language == language } ? language : nil
    }

    private mutating func setLanguage(_ code: String, sayIt: Bool) -> [Action] {
        guard let language = language(named: code) else { return unknownLanguage(code) }
        settings.language = language
        return sayIt ? sayLanguage() : []
    }

    private mutating func stepLanguage(by step: Int) -> [Action] {
        let languages = voices.map(\.language)
        guard !languages.isEmpty else { return [] }
        let index = languages.firstIndex(of: settings.language) ?? 0
        settings.language = languages[(index + step + languages.count) % languages.count]
        return sayLanguage()
    }

    private func sayLanguage() -> [Action] {
        let name = voices.first { $0.language == settings.language }?.name ?? settings.language.rawValue
        return [.speak(request("<speak>\(Self.escaped(name))</speak>", politeness: .polite))]
    }

    private func unknownLanguage(_ code: String) -> [Action] {
        let available = voices.map(\.language.rawValue).joined(separator: ", ")
        return [.problem("There is no voice profile for the language \"\(Self.shortened(code))\", so the language stays \(settings.language); available: \(available).")]
    }

    // MARK: - Text

    private func missing(_ command: String, _ what: String) -> [Action] {
        [.problem("The command \"\(command)\" needs \(what), so it was skipped.")]
    }

    /// A time in milliseconds: a number of at least 0.
    static func milliseconds(_ word: String) -> EmacspeakNumber? {
        guard let number = EmacspeakNumber(word), number.value >= 0 else { return nil }
        return number
    }

    /// One sentence for the first number of a command too large for any whole number (`1e19`, twenty
    /// digits): the command was carried out with `used`, the nearest value it takes. Such a number once
    /// ended `announce emacspeak` with an integer conversion trap.
    static func tooLarge(in command: String, _ numbers: [(number: EmacspeakNumber, used: String)]) -> [Action] {
        guard let (number, used) = numbers.first(where: { !$0.number.fitsWholeNumber }) else { return [] }
        return [.problem("The command \"\(command)\" gave the number \(shortened(number.word)), too large to use, so it was taken as \(used).")]
    }

    static func sound(_ path: String) -> String {
        "<audio src=\"\(escaped(path))\"/>"
    }

    /// Text with the inline commands other Emacspeak servers take read out of it: `[*]`, the DECtalk
    /// joint in Emacspeak's character names ("left[*]brace"), is a word break, and a voice change
    /// `[{voice name}]` (the Mac server's) is dropped rather than read aloud.
    static func inlineCommandsRead(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        // Once no "}]" is left, no later "[{" can close: looking again for each would be quadratic.
        var closingLeft = true
        while let open = rest.firstIndex(of: "[") {
            result += rest[..<open]
            let tail = rest[open...]
            if tail.hasPrefix("[*]") {
                result += " "
                rest = tail.dropFirst(3)
            } else if tail.hasPrefix("[{"), let close = closingLeft ? tail.range(of: "}]") : nil {
                result += " "
                rest = tail[close.upperBound...]
            } else {
                if tail.hasPrefix("[{") { closingLeft = false }
                result += "["
                rest = tail.dropFirst()
            }
        }
        return result + rest
    }

    /// "HelloWorld" as "Hello World": a space where a lowercase letter meets a capital.
    static func splittingCaps(_ word: String) -> String {
        var result = ""
        var previous: Character?
        for character in word {
            if let previous, previous.isLowercase, character.isUppercase { result.append(" ") }
            result.append(character)
            previous = character
        }
        return result
    }

    static func escaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// A command name as it may be quoted back: at most 40 characters, control characters as spaces.
    static func shortened(_ word: String) -> String {
        let cleaned = String(word.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
        return cleaned.count > 40 ? String(cleaned.prefix(40)) + "…" : cleaned
    }
}

private extension String {
    var isBlank: Bool { allSatisfy(\.isWhitespace) }
    var trimmingBlanks: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
