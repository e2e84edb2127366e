import AnnouncerCore

/// One SSIP connection as a state machine: lines in, actions out, no sockets.
///
/// It speaks enough of Speech Dispatcher's protocol for `spd-say`, python3-speechd and the
/// screen readers built on them: settings, SPEAK with dot-escaped bodies, CHAR and KEY,
/// STOP and CANCEL, notifications, HISTORY GET CLIENT_ID, LIST, GET, BLOCK and QUIT.
/// What announcer cannot do is refused with an error code, never with silence.
public struct SSIPSession: Sendable {
    /// The number this client is known by in events and `HISTORY GET CLIENT_ID`.
    public let clientID: Int
    public private(set) var settings = SSIPSettings()
    public let defaultLanguage: Language
    /// The longest message body, in bytes.
    public let maxMessageBytes: Int
    /// The voices the server offers, one per voice profile; LIST and SET answer from these.
    public let voices: [OfferedVoice]

    private var body: MessageBody?
    private var insideBlock = false

    private struct MessageBody {
        var bytes: [UInt8] = []
        var tooLong = false
    }

    /// The languages there are voices for, to check SET SELF LANGUAGE against.
    private let languages: Set<Language>

    public init(clientID: Int, defaultLanguage: Language, maxMessageBytes: Int, voices: [OfferedVoice]) {
        self.clientID = clientID
        self.defaultLanguage = defaultLanguage
        self.maxMessageBytes = maxMessageBytes
        self.voices = voices
        self.languages = Set(voices.map(\.language))
    }

    /// True while the body of a SPEAK is being received.
    public var isReceivingMessage: Bool { body != nil }

    // MARK: - Input

    /// Handles one line, without its CRLF. `arrival` becomes the time a finished message was received.
    public mutating func receive(_ line: some Collection<UInt8>, at arrival: MonotonicInstant) -> [SSIPAction] {
        if body != nil { return receiveBodyLine(Array(line), at: arrival) }
        guard let text = String(validating: line, as: UTF8.self) else {
            return [.reply(["501 ERR INVALID ENCODING"])]
        }
        return command(text, at: arrival)
    }

    /// A line longer than the server keeps arrived and was discarded.
    public mutating func lineTooLong(limit: Int) -> [SSIPAction] {
        if body != nil {
            body?.tooLong = true
            return []
        }
        return [.reply(["503 ERR LINE TOO LONG, THE LIMIT IS \(limit) BYTES"])]
    }

    private mutating func receiveBodyLine(_ line: [UInt8], at arrival: MonotonicInstant) -> [SSIPAction] {
        if line == [UInt8(ascii: ".")] {
            let finished = body!
            body = nil
            return finishMessage(finished, at: arrival)
        }
        // A body line that begins with a dot was sent with one more.
        let unescaped = line.starts(with: [UInt8(ascii: "."), UInt8(ascii: ".")]) ? Array(line.dropFirst()) : line
        if body!.bytes.count + unescaped.count + 1 > maxMessageBytes {
            body!.tooLong = true
        } else {
            if !body!.bytes.isEmpty { body!.bytes.append(UInt8(ascii: "\n")) }
            body!.bytes += unescaped
        }
        return []
    }

    private func finishMessage(_ finished: MessageBody, at arrival: MonotonicInstant) -> [SSIPAction] {
        if finished.tooLong { return [.reply(["502 ERR MESSAGE TOO LONG, THE LIMIT IS \(maxMessageBytes) BYTES"])] }
        guard let text = String(validating: finished.bytes, as: UTF8.self) else {
            return [.reply(["501 ERR INVALID ENCODING"])]
        }
        return speak(text, at: arrival)
    }

    private func speak(_ text: String, reading: TextReading? = nil, at arrival: MonotonicInstant) -> [SSIPAction] {
        let reading = reading ?? (settings.spelling ? .characters : .words)
        guard var announcement = try? Announcement(
            text: text, language: settings.language ?? defaultLanguage, prosody: settings.prosody, arrival: arrival,
            spelled: reading == .characters, punctuation: settings.punctuation
        ) else {
            // Speech Dispatcher's answer to a message with nothing to say.
            return [.reply(["227 OK MESSAGE CANCELED"])]
        }
        settings.priority.shape(&announcement, clientID: clientID)
        announcement.client = ClientID(clientID)
        announcement.voiceType = settings.voiceType
        announcement.reading = reading
        announcement.capitals = settings.capitals
        return [.speak(announcement), .reply(["225-\(announcement.id)", "225 OK MESSAGE QUEUED"])]
    }

    // MARK: - Commands

    private mutating func command(_ line: String, at arrival: MonotonicInstant) -> [SSIPAction] {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let verb = words.first?.uppercased() else { return [.reply(["500 ERR INVALID COMMAND"])] }
        let arguments = Array(words.dropFirst())
        switch verb {
        case "SPEAK":
            body = MessageBody()
            return [.reply(["230 OK RECEIVING DATA"])]
        case "CHAR":
            guard let character = arguments.first else { return missingParameter }
            // The character is spelled in the client's language: "capital A", "stor A", "krøllalfa";
            // CAP_LET_RECOGN says how a capital is marked.
            return speak(character == "space" ? " " : character, reading: .characters, at: arrival)
        case "KEY":
            guard let key = arguments.first else { return missingParameter }
            // Read by the language's key names: "control alt delete", "kontroll alt slett".
            return speak(key, reading: .key, at: arrival)
        case "SOUND_ICON":
            guard !arguments.isEmpty else { return missingParameter }
            return notSupported("SOUND ICONS ARE")
        case "STOP", "CANCEL":
            if insideBlock { return notInsideBlock }
            guard let scopeWord = arguments.first else { return missingParameter }
            guard let scope = Self.scope(scopeWord) else { return invalidParameter }
            let reply = verb == "STOP" ? "210 OK STOPPED" : "213 OK CANCELED"
            return [.cancel(scope, speakingOnly: verb == "STOP"), .reply([reply])]
        case "PAUSE", "RESUME":
            guard !arguments.isEmpty else { return missingParameter }
            return notSupported("\(verb) IS")
        case "SET":
            return set(arguments)
        case "GET":
            if insideBlock { return notInsideBlock }
            return get(arguments)
        case "LIST":
            if insideBlock { return notInsideBlock }
            return list(arguments)
        case "HISTORY":
            if insideBlock { return notInsideBlock }
            guard arguments.count >= 2 else { return missingParameter }
            guard arguments[0].uppercased() == "GET", arguments[1].uppercased() == "CLIENT_ID" else {
                return notSupported("HISTORY \(Self.shown(arguments[0])) IS")
            }
            return [.reply(["245-\(clientID)", "245 OK CLIENT ID SENT"])]
        case "BLOCK":
            guard let which = arguments.first?.uppercased() else { return missingParameter }
            switch which {
            case "BEGIN":
                if insideBlock { return [.reply(["330 ERR ALREADY INSIDE BLOCK"])] }
                insideBlock = true
                return [.reply(["260 OK INSIDE BLOCK"])]
            case "END":
                if !insideBlock { return [.reply(["331 ERR ALREADY OUTSIDE BLOCK"])] }
                insideBlock = false
                return [.reply(["261 OK OUTSIDE BLOCK"])]
            default:
                return invalidParameter
            }
        case "QUIT", "BYE":
            return [.reply(["231 HAPPY HACKING"]), .close]
        case "HELP":
            return [.reply([
                "248-  SPEAK, CHAR, KEY, STOP, CANCEL, SET SELF, GET, LIST, HISTORY GET CLIENT_ID, BLOCK, QUIT",
                "248-  SOUND_ICON, PAUSE and RESUME are not supported by announcer",
                "248 OK HELP SENT",
            ])]
        default:
            return [.reply(["500 ERR INVALID COMMAND"])]
        }
    }

    private mutating func set(_ arguments: [String]) -> [SSIPAction] {
        guard arguments.count >= 2 else { return missingParameter }
        let scope = arguments[0].uppercased()
        guard scope == "SELF" else {
            if scope == "ALL" || Int(scope) != nil { return notSupported("SET \(Self.shown(scope)) IS") }
            return invalidParameter
        }
        let name = arguments[1].uppercased()
        let values = Array(arguments.dropFirst(2))
        if name == "CLIENT_NAME" {
            guard !values.isEmpty else { return missingParameter }
            settings.clientName = values.joined(separator: " ").trimmingCharacters(in: ["\""])
            return [.reply(["208 OK CLIENT NAME SET"])]
        }
        guard let value = values.first else { return missingParameter }
        switch name {
        case "PRIORITY":
            if insideBlock { return notInsideBlock }
            guard let priority = SSIPPriority(word: value) else { return [.reply(["408 ERR UNKNOWN PRIORITY"])] }
            settings.priority = priority
            return [.reply(["202 OK PRIORITY SET"])]
        case "LANGUAGE":
            if ["C", "POSIX"].contains(value.uppercased()) {
                settings.language = nil
            } else {
                guard let language = Language(code: value), languages.contains(language) else {
                    let close = AnnouncementError.closeMatches(to: value, among: Array(languages))
                    let hint = close.isEmpty ? "LIST SYNTHESIS_VOICES LISTS THEM" : "CLOSE ONES ARE \(close.map(\.rawValue).joined(separator: " OR "))"
                    return [.reply(["415 ERR LANGUAGE NOT AVAILABLE, \(hint)"])]
                }
                settings.language = language
            }
            return [.reply(["201 OK LANGUAGE SET"])]
        case "RATE":
            return setNumber(value, into: \.rate, ok: "203 OK RATE SET", high: "409 ERR RATE TOO HIGH", low: "410 ERR RATE TOO LOW")
        case "PITCH":
            return setNumber(value, into: \.pitch, ok: "204 OK PITCH SET", high: "411 ERR PITCH TOO HIGH", low: "412 ERR PITCH TOO LOW")
        case "VOLUME":
            return setNumber(value, into: \.volume, ok: "218 OK VOLUME SET", high: "413 ERR VOLUME TOO HIGH", low: "414 ERR VOLUME TOO LOW")
        case "NOTIFICATION":
            guard values.count >= 2 else { return missingParameter }
            let type = value.lowercased()
            guard type == "all" || SSIPSettings.notificationTypes.contains(type) else {
                return [.reply(["316 ERR COULDNT SET NOTIFICATION"])]
            }
            let types = type == "all" ? SSIPSettings.notificationTypes : [type]
            switch values[1].lowercased() {
            case "on": settings.notifications.formUnion(types)
            case "off": settings.notifications.subtract(types)
            default: return invalidParameter
            }
            return [.reply(["220 OK NOTIFICATION SET"])]
        case "PUNCTUATION":
            // Speech Dispatcher's "most" sits between some and all; announcer names the same symbols as for some.
            let word = value.lowercased() == "most" ? "some" : value.lowercased()
            guard let level = PunctuationLevel(rawValue: word) else { return invalidParameter }
            settings.punctuation = level
            return [.reply(["205 OK PUNCTUATION SET"])]
        case "SPELLING":
            switch value.lowercased() {
            case "off": settings.spelling = false
            case "on": settings.spelling = true
            default: return [.reply(["513 ERR PARAMETER NOT ON OR OFF"])]
            }
            return [.reply(["207 OK SPELLING SET"])]
        case "SSML_MODE":
            switch value.lowercased() {
            case "off": return [.reply(["219 OK SSML MODE SET"])]
            case "on": return notSupported("SSML IS")
            default: return [.reply(["513 ERR PARAMETER NOT ON OR OFF"])]
            }
        case "OUTPUT_MODULE":
            // There is one synthesizer; any module name reaches it, as Speech Dispatcher accepts any name.
            return [.reply(["216 OK OUTPUT MODULE SET"])]
        case "VOICE_TYPE":
            // Every SSIP voice type is taken, and spoken with the nearest eSpeak NG variant, as Speech Dispatcher does.
            guard let type = VoiceType(ssipName: value) else { return [.reply(["309 ERR COULDNT SET VOICE"])] }
            settings.voiceType = type
            return [.reply(["209 OK VOICE SET"])]
        case "SYNTHESIS_VOICE":
            // A voice name or language code that is offered switches the language; any other name is
            // accepted and changes nothing, as Speech Dispatcher 0.11 answers 209 to every name
            // (Fenrir sends "None" when it has no voice set, and drops its utterance on an error).
            let name = values.joined(separator: " ").trimmingCharacters(in: ["\""])
            if let language = voices.first(where: { $0.name.lowercased() == name.lowercased() })?.language
                ?? Language(code: name).flatMap({ languages.contains($0) ? $0 : nil }) {
                settings.language = language
            }
            return [.reply(["209 OK VOICE SET"])]
        case "CAP_LET_RECOGN":
            // How a capital letter is marked in CHAR, KEY and spelling: "capital A", a short sound, or not at all.
            switch value.lowercased() {
            case "spell": settings.capitals = .spoken
            case "icon": settings.capitals = .sound
            case "none": settings.capitals = .unmarked
            default: return invalidParameter
            }
            return [.reply(["206 OK CAP LET RECOGNITION SET"])]
        case "PAUSE_CONTEXT":
            return [.reply(["217 OK PAUSE CONTEXT SET"])]
        case "PITCH_RANGE":
            return [.reply(["263 OK PITCH RANGE SET"])]
        default:
            return invalidParameter
        }
    }

    private mutating func setNumber(
        _ text: String, into field: WritableKeyPath<SSIPSettings, Int?>, ok: String, high: String, low: String
    ) -> [SSIPAction] {
        guard let number = Int(text.hasPrefix("+") ? String(text.dropFirst()) : text) else {
            return [.reply(["511 ERR PARAMETER NOT A NUMBER"])]
        }
        if number > 100 { return [.reply([high])] }
        if number < -100 { return [.reply([low])] }
        settings[keyPath: field] = number
        return [.reply([ok])]
    }

    private func get(_ arguments: [String]) -> [SSIPAction] {
        guard let name = arguments.first?.uppercased() else { return missingParameter }
        let value: String
        switch name {
        case "RATE": value = String(settings.rate ?? 0)
        case "PITCH": value = String(settings.pitch ?? 0)
        case "VOLUME": value = String(settings.volume ?? 0)
        case "OUTPUT_MODULE": value = "announcer"
        case "LANGUAGE": value = (settings.language ?? defaultLanguage).rawValue
        case "VOICE_TYPE": value = settings.voiceType.ssipName
        case "PUNCTUATION": value = settings.punctuation?.rawValue ?? "some"
        default: return invalidParameter
        }
        return [.reply(["251-\(value)", "251 OK GET RETURNED"])]
    }

    private func list(_ arguments: [String]) -> [SSIPAction] {
        guard let what = arguments.first?.uppercased() else { return missingParameter }
        switch what {
        case "OUTPUT_MODULES":
            return [.reply(["250-announcer", "250 OK MODULE LIST SENT"])]
        case "VOICES":
            return [.reply(VoiceType.allCases.map { "249-\($0.ssipName)" } + ["249 OK VOICE LIST SENT"])]
        case "SYNTHESIS_VOICES":
            // An optional language filter, as Speech Dispatcher 0.12 takes it: `LIST SYNTHESIS_VOICES sv`.
            let filter = arguments.dropFirst().first.flatMap(Language.init(code:))
            let listed = voices.filter { filter == nil || $0.language == filter }
            return [.reply(listed.map { "249-\($0.name)\t\($0.language.rawValue)\tnone" } + ["249 OK VOICE LIST SENT"])]
        default:
            return invalidParameter
        }
    }


    private static func scope(_ word: String) -> SSIPScope? {
        switch word.uppercased() {
        case "SELF": .ownMessages
        case "ALL": .all
        default: word.allSatisfy(\.isNumber) ? .message(AnnouncementID(word)) : nil
        }
    }

    /// A client's word as a reply may repeat it: in capitals when it is a plain word of up to 32
    /// letters, digits, `_`, `+` or `-`; otherwise `THAT`. Anything else (a lone CR, control bytes, a
    /// word of megabytes) would break the reply's line shape that clients read replies by.
    private static func shown(_ word: String) -> String {
        let plain = word.utf8.count <= 32 && word.unicodeScalars.allSatisfy { scalar in
            ("0"..."9").contains(scalar) || ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || "_+-".unicodeScalars.contains(scalar)
        }
        return plain ? word.uppercased() : "THAT"
    }

    private var missingParameter: [SSIPAction] { [.reply(["510 ERR MISSING PARAMETER"])] }
    private var invalidParameter: [SSIPAction] { [.reply(["514 ERR PARAMETER INVALID"])] }
    private var notInsideBlock: [SSIPAction] { [.reply(["332 ERR NOT ALLOWED INSIDE BLOCK"])] }
    private func notSupported(_ what: String) -> [SSIPAction] {
        [.reply(["416 ERR \(what) NOT SUPPORTED BY ANNOUNCER"])]
    }

    // MARK: - Events

    /// The event lines to send this client for one of its own announcements, or none when
    /// it did not ask for that kind. BEGIN marks the first audio; END a message spoken to its end;
    /// every other outcome (cancelled, interrupted, superseded, duplicate, expired, dropped, failed) is CANCELED.
    public func eventLines(for event: TimelineEvent) -> [String] {
        let (code, type, text): (Int, String, String)
        switch event.kind {
        case .firstAudio: (code, type, text) = (701, "begin", "BEGIN")
        case .ended(.spoken): (code, type, text) = (702, "end", "END")
        case .ended: (code, type, text) = (703, "cancel", "CANCELED")
        default: return []
        }
        guard settings.notifications.contains(type) else { return [] }
        return ["\(code)-\(event.announcement.id)", "\(code)-\(clientID)", "\(code) \(text)"]
    }
}
