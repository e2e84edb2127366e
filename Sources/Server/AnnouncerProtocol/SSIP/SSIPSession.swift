public import AnnouncerCore
import SSMLReading

/// One SSIP connection as a state machine: lines in, actions out, no sockets.
///
/// Every SSIP command is answered with the code Speech Dispatcher 0.11.4 gives, checked in its order,
/// except where docs/PROTOCOL.md's table of differences says why not. What announcer cannot do
/// is refused with an error code, never with silence.
public struct SSIPSession: Sendable {
    /// The number this client is known by in events and `HISTORY GET CLIENT_ID`.
    public let clientID: Int
    public private(set) var settings = SSIPSettings()
    public let defaultLanguage: Language
    /// The longest message body, in bytes.
    public let maxMessageBytes: Int
    /// The voices the server offers, one per voice profile; LIST and SET answer from these.
    public let voices: [OfferedVoice]

    /// Whether lines are commands or the body of a SPEAK.
    private var input = Input.commands
    private var insideBlock = false
    /// Where HISTORY CURSOR points; announcer keeps no history, so it only moves.
    private var historyCursor = 0
    /// This client's messages that have not ended, for STOP SELF and CANCEL SELF.
    private var ownLive: Set<AnnouncementID> = []
    /// Events waiting for the hold behind their message's `225` reply (see `eventHold`).
    private var hold = EventHold()

    /// What the next line is.
    private enum Input {
        case commands
        case messageBody(MessageBody)
    }

    private struct MessageBody {
        var bytes: [UInt8] = []
        var lines = 0
        var tooLong = false
    }

    /// How long events wait behind the `225` reply that names their message: python3-speechd
    /// registers a message's callbacks only once it has read that reply, so an event sent in the same
    /// instant would be lost on its side and its `speak(..., callback)` would never hear the end.
    public static let eventHold = Duration.milliseconds(50)

    /// The languages there are voices for, to check SET SELF LANGUAGE against.
    private let languages: Set<Language>
    /// Reads message bodies in SSML mode.
    private let markup: SSMLReader
    /// Says whether a sound icon can be played, before SOUND_ICON is answered.
    private let soundIcons: (any SoundIconCatalog)?

    public init(
        clientID: Int, defaultLanguage: Language, maxMessageBytes: Int, voices: [OfferedVoice],
        soundIcons: (any SoundIconCatalog)? = nil
    ) {
        self.clientID = clientID
        self.defaultLanguage = defaultLanguage
        self.maxMessageBytes = maxMessageBytes
        self.voices = voices
        self.soundIcons = soundIcons
        let languages = Set(voices.map(\.language))
        self.languages = languages
        markup = SSMLReader(voiceNamed: { name in
            voices.first { $0.name.lowercased() == name.lowercased() }?.language
        })
    }

    /// True while the body of a SPEAK is being received.
    public var isReceivingMessage: Bool {
        if case .messageBody = input { true } else { false }
    }

    // MARK: - Input

    /// Handles one line, without its CRLF. `arrival` becomes the time a finished message was received.
    public mutating func receive(_ line: some Collection<UInt8>, at arrival: MonotonicInstant) -> [SSIPAction] {
        if isReceivingMessage { return receiveBodyLine(Array(line), at: arrival) }
        guard let text = String(validating: line, as: UTF8.self) else {
            return [.reply(["501 ERR INVALID ENCODING"])]
        }
        return command(text, at: arrival)
    }

    /// A line longer than the server keeps arrived and was discarded.
    public mutating func lineTooLong(limit: Int) -> [SSIPAction] {
        if case var .messageBody(body) = input {
            input = .commands
            body.tooLong = true
            input = .messageBody(body)
            return []
        }
        return [.reply(["503 ERR LINE TOO LONG, THE LIMIT IS \(limit) BYTES"])]
    }

    private mutating func receiveBodyLine(_ line: [UInt8], at arrival: MonotonicInstant) -> [SSIPAction] {
        guard case var .messageBody(body) = input else { return [] }
        // Taken out of `input`, the body's bytes have one owner, so appending a line copies nothing.
        input = .commands
        if line == [UInt8(ascii: ".")] { return finishMessage(body, at: arrival) }
        // A body line that begins with a dot was sent with one more.
        let unescaped = line.starts(with: [UInt8(ascii: "."), UInt8(ascii: ".")]) ? Array(line.dropFirst()) : line
        body.lines += 1
        if body.bytes.count + unescaped.count + 1 > maxMessageBytes {
            body.tooLong = true
        } else {
            if !body.bytes.isEmpty { body.bytes.append(UInt8(ascii: "\n")) }
            body.bytes += unescaped
        }
        input = .messageBody(body)
        return []
    }

    private mutating func finishMessage(_ finished: MessageBody, at arrival: MonotonicInstant) -> [SSIPAction] {
        if finished.tooLong { return [.reply(["502 ERR MESSAGE TOO LONG, THE LIMIT IS \(maxMessageBytes) BYTES"])] }
        // Speech Dispatcher's answer to a message without a single line; a blank line is a message.
        if finished.lines == 0 { return [.reply(["227 OK MESSAGE CANCELED"])] }
        guard let text = String(validating: finished.bytes, as: UTF8.self) else {
            return [.reply(["501 ERR INVALID ENCODING"])]
        }
        return speak(text, at: arrival)
    }

    private mutating func speak(
        _ text: String, reading: TextReading? = nil, script given: SpeechScript? = nil, at arrival: MonotonicInstant
    ) -> [SSIPAction] {
        let reading = reading ?? (settings.spelling ? .characters : .words)
        // In SSML mode a message is markup, unless it is spelled, a key or a character; its text is what is heard.
        var script = given
        if script == nil, settings.ssmlMode, reading == .words { script = markup.read(text) }
        guard var announcement = try? Announcement(
            text: script?.plainText ?? text, language: settings.language ?? defaultLanguage, prosody: settings.prosody, arrival: arrival,
            spelled: reading == .characters, punctuation: settings.punctuation
        ) else {
            return saidNothing(at: arrival)
        }
        settings.priority.shape(&announcement, clientID: clientID)
        announcement.client = ClientID(clientID)
        // Speech Dispatcher says a repeat as often as it is sent: Orca on two blank lines says "blank" twice.
        announcement.dropsRepeats = false
        announcement.voiceType = settings.voiceType
        announcement.reading = reading
        announcement.capitals = settings.capitals
        announcement.script = script
        return [.speak(announcement)]
    }

    /// The server queued the announcement of a `.speak`: the `225` reply names it, and its events
    /// are held until `eventHold` after that reply.
    public mutating func accepted(_ id: AnnouncementID, at now: MonotonicInstant) -> [SSIPAction] {
        ownLive.insert(id)
        hold.messageQueued(id, eventsFrom: now + Self.eventHold)
        return [.reply(["225-\(id)", "225 OK MESSAGE QUEUED"])]
    }

    /// A message of blank lines: Speech Dispatcher queues it and it begins and ends at once, so clients
    /// that wait for its id and its end (python3-speechd's `speak("")`) get both; the queue never sees it.
    private mutating func saidNothing(at now: MonotonicInstant) -> [SSIPAction] {
        let id = AnnouncementID.generate()
        var events: [String] = []
        if settings.notifications.contains("begin") { events += eventLines(code: 701, text: "BEGIN", id: id) }
        if settings.notifications.contains("end") { events += eventLines(code: 702, text: "END", id: id) }
        let reply = SSIPAction.reply(["225-\(id)", "225 OK MESSAGE QUEUED"])
        guard !events.isEmpty else { return [reply] }
        hold.append(events, due: now + Self.eventHold)
        return [reply] + releaseHeldEvents(at: now)
    }

    // MARK: - Commands

    private mutating func command(_ line: String, at arrival: MonotonicInstant) -> [SSIPAction] {
        let words = CommandWords(line)
        // A line that begins with a space has no command word; Speech Dispatcher answers it so.
        guard let verb = words[0]?.lowercased() else { return [.reply(["300 ERR INTERNAL"])] }
        switch verb {
        case "speak":
            input = .messageBody(MessageBody())
            return [.reply(["230 OK RECEIVING DATA"])]
        case "char":
            guard let character = words[1], !character.isEmpty else { return missingParameter }
            // The character is spelled in the client's language: "capital A", "stor A", "krøllalfa";
            // CAP_LET_RECOGN says how a capital is marked.
            return speak(character == "space" ? " " : character, reading: .characters, at: arrival)
        case "key":
            guard let key = words[1], !key.isEmpty else { return missingParameter }
            // Read by the language's key names: "control alt delete", "kontroll alt slett".
            return speak(key, reading: .key, at: arrival)
        case "sound_icon":
            guard let icon = words[1], !icon.isEmpty else { return missingParameter }
            // Only a name: a sound-icon folder has it, or its name is spoken as words, as Speech Dispatcher's
            // generic fallback does. A file found that cannot be played is refused in words naming it.
            if case let .refused(reason) = soundIcons?.check(icon) {
                return [.reply(["420 ERR SOUND ICON REFUSED: \(reason)"])]
            }
            let words = icon.replacing("_", with: " ").replacing("-", with: " ")
            let script = SpeechScript(parts: [.sound(name: icon, fallback: [.text(words, .plain)])])
            return speak(words, reading: .words, script: script, at: arrival)
        case "stop", "cancel", "pause", "resume":
            if insideBlock { return notInsideBlock }
            guard let scopeWord = words[1] else { return missingParameter }
            let scope: SSIPScope
            switch scopeWord.lowercased() {
            case "self": scope = .ownMessages
            case "all": scope = .all
            default:
                guard let number = Int(scopeWord) else { return invalidParameter }
                guard number > 0 else { return [.reply(["406 ERR ID DOESNT EXIST"])] }
                // The client's own number means SELF, as in Speech Dispatcher; another number names a message.
                scope = number == clientID ? .ownMessages : .message(AnnouncementID(String(number)))
            }
            switch verb {
            case "stop": return [.cancel(target(scope, speakingOnly: true)), .reply(["210 OK STOPPED"])]
            case "cancel": return [.cancel(target(scope, speakingOnly: false)), .reply(["213 OK CANCELED"])]
            default:
                // A pause holds a client's messages: SELF or one of its own messages pauses this client.
                let target: PauseTarget
                switch scope {
                case .all: target = .all
                case .ownMessages: target = .client(ClientID(clientID))
                case let .message(id):
                    guard ownLive.contains(id) else { return [.reply(["406 ERR ID DOESNT EXIST"])] }
                    target = .client(ClientID(clientID))
                }
                return verb == "pause"
                    ? [.pause(target), .reply(["211 OK PAUSED"])]
                    : [.resume(target), .reply(["212 OK RESUMED"])]
            }
        case "set":
            return set(words)
        case "get":
            if insideBlock { return notInsideBlock }
            return get(words)
        case "list":
            if insideBlock { return notInsideBlock }
            return list(words)
        case "history":
            if insideBlock { return notInsideBlock }
            return history(words)
        case "block":
            guard let which = words[1]?.lowercased() else { return missingParameter }
            switch which {
            case "begin":
                if insideBlock { return [.reply(["330 ERR ALREADY INSIDE BLOCK"])] }
                insideBlock = true
                return [.reply(["260 OK INSIDE BLOCK"])]
            case "end":
                if !insideBlock { return [.reply(["331 ERR ALREADY OUTSIDE BLOCK"])] }
                insideBlock = false
                return [.reply(["261 OK OUTSIDE BLOCK"])]
            default:
                return invalidParameter
            }
        case "quit", "bye":
            return [.reply(["231 HAPPY HACKING"]), .close]
        case "help":
            if insideBlock { return notInsideBlock }
            return [.reply(Self.helpLines)]
        default:
            return [.reply(["500 ERR INVALID COMMAND"])]
        }
    }

    /// HELP in Speech Dispatcher's layout, naming what announcer does not do yet.
    private static let helpLines = [
        "248-  SPEAK           -- say text",
        "248-  KEY             -- say a combination of keys",
        "248-  CHAR            -- say a character",
        "248-  SOUND_ICON      -- play a sound icon",
        "248-  SET             -- set a parameter",
        "248-  GET             -- get a current parameter",
        "248-  LIST            -- list available arguments",
        "248-  HISTORY         -- commands related to history",
        "248-  STOP, CANCEL    -- stop speaking, or also drop what waits",
        "248-  PAUSE, RESUME   -- pause at the next index mark, and go on from it",
        "248-  BLOCK           -- group messages",
        "248-  QUIT            -- close the connection",
        "248 OK HELP SENT",
    ]

    /// Whom a SET names: `SELF`, `ALL` or a client by its number.
    private enum SetTarget: Equatable {
        case ownSelf, all, client(Int)
    }

    /// SET, checked in Speech Dispatcher's order, so each mistake gets the code it gives.
    private mutating func set(_ words: CommandWords) -> [SSIPAction] {
        guard let targetWord = words[1] else { return missingParameter }
        let target: SetTarget
        switch targetWord.lowercased() {
        case "self": target = .ownSelf
        case "all": target = .all
        default:
            guard let number = Int(targetWord) else { return invalidParameter }
            target = .client(number)
        }
        guard let name = words[2]?.lowercased() else { return missingParameter }
        let value = words[3]
        switch name {
        case "priority":
            if insideBlock { return notInsideBlock }
            // Only SELF may set a priority, as in Speech Dispatcher, even with the client's own number.
            guard target == .ownSelf else { return [.reply(["301 ERR COULDNT SET PRIORITY"])] }
            guard let value else { return missingParameter }
            guard let priority = SSIPPriority(word: value) else { return [.reply(["408 ERR UNKNOWN PRIORITY"])] }
            settings.priority = priority
            return [.reply(["202 OK PRIORITY SET"])]
        case "client_name":
            if insideBlock { return notInsideBlock }
            guard target == .ownSelf else { return invalidParameter }
            guard let value else { return missingParameter }
            // user:application:component, exactly two colons, as Speech Dispatcher insists.
            guard value.filter({ $0 == ":" }).count == 2 else { return [.reply(["311 ERR COULDNT SET CLIENT_NAME"])] }
            settings.clientName = value.trimmingCharacters(in: ["\""])
            return [.reply(["208 OK CLIENT NAME SET"])]
        case "language":
            guard let code = value?.lowercased() else { return missingParameter }
            var language: Language?
            if !["c", "posix"].contains(code) {
                guard let found = Language(code: code), languages.contains(found) else {
                    let close = AnnouncementError.closeMatches(to: code, among: Array(languages))
                    let hint = close.isEmpty ? "LIST SYNTHESIS_VOICES LISTS THEM" : "CLOSE ONES ARE \(close.map(\.rawValue).joined(separator: " OR "))"
                    return [.reply(["415 ERR LANGUAGE NOT AVAILABLE, \(hint)"])]
                }
                language = found
            }
            return apply(to: target, ok: "201 OK LANGUAGE SET", failed: "302 ERR COULDNT SET LANGUAGE") {
                $0.language = language
                $0.languageCode = code
            }
        case "synthesis_voice":
            // The name is the rest of the line, spaces and all; no name clears it, as in Speech Dispatcher.
            // A voice name or language code that is offered switches the language; any other name speaks
            // with the language's own voice, as Speech Dispatcher 0.11 answers 209 to every name
            // (Fenrir sends "None" when it has no voice set, and drops its utterance on an error).
            let voiceName = words.rest(from: 3)?.trimmingCharacters(in: [" ", "\""]) ?? ""
            let language = voices.first(where: { $0.name.lowercased() == voiceName.lowercased() })?.language
                ?? Language(code: voiceName).flatMap { languages.contains($0) ? $0 : nil }
            return apply(to: target, ok: "209 OK VOICE SET", failed: "309 ERR COULDNT SET VOICE") {
                $0.synthesisVoice = voiceName.isEmpty ? nil : voiceName
                $0.voiceType = nil
                // GET LANGUAGE still answers the language the client set, as in Speech Dispatcher.
                if let language { $0.language = language }
            }
        case "rate":
            return setNumber(value, target: target, into: \.rate, ok: "203 OK RATE SET", failed: "303 ERR COULDNT SET RATE",
                             range: ("409 ERR RATE TOO HIGH", "410 ERR RATE TOO LOW"))
        case "pitch":
            return setNumber(value, target: target, into: \.pitch, ok: "204 OK PITCH SET", failed: "304 ERR COULDNT SET PITCH",
                             range: ("411 ERR PITCH TOO HIGH", "412 ERR PITCH TOO LOW"))
        case "volume":
            // Speech Dispatcher 0.11.4 says PITCH here by a slip in its msg.h; the codes are the same.
            return setNumber(value, target: target, into: \.volume, ok: "218 OK VOLUME SET", failed: "314 ERR COULDNT SET VOLUME",
                             range: ("413 ERR VOLUME TOO HIGH", "414 ERR VOLUME TOO LOW"))
        case "pitch_range":
            return setNumber(value, target: target, into: \.pitchRange, ok: "263 OK PITCH RANGE SET", failed: "340 ERR COULDNT SET PITCH RANGE",
                             range: ("415 ERR PITCH RANGE TOO HIGH", "416 ERR PITCH RANGE TOO LOW"))
        case "pause_context":
            return setNumber(value, target: target, into: \.pauseContext, ok: "217 OK PAUSE CONTEXT SET", failed: "313 ERR COULDNT SET PAUSE CONTEXT",
                             range: nil)
        case "voice_type":
            guard let value else { return missingParameter }
            // Every SSIP voice type is taken, and spoken with the nearest eSpeak NG variant, as Speech Dispatcher does.
            guard let type = VoiceType(ssipName: value) else { return [.reply(["309 ERR COULDNT SET VOICE"])] }
            return apply(to: target, ok: "209 OK VOICE SET", failed: "309 ERR COULDNT SET VOICE") { $0.voiceType = type }
        case "punctuation":
            guard let value else { return missingParameter }
            guard let mode = SSIPPunctuationMode(rawValue: value.lowercased()) else { return invalidParameter }
            return apply(to: target, ok: "205 OK PUNCTUATION SET", failed: "305 ERR COULDNT SET PUNCT MODE") { $0.punctuationMode = mode }
        case "output_module":
            if insideBlock { return notInsideBlock }
            guard let value else { return missingParameter }
            // There is one synthesizer; any module name reaches it, as Speech Dispatcher accepts any name.
            return apply(to: target, ok: "216 OK OUTPUT MODULE SET", failed: "312 ERR COULDNT SET OUTPUT MODULE") { $0.outputModule = value.lowercased() }
        case "cap_let_recogn":
            guard let value else { return missingParameter }
            // How a capital letter is marked in CHAR, KEY and spelling: "capital A", a short sound, or not at all.
            let capitals: CapitalLetters
            switch value.lowercased() {
            case "spell": capitals = .spoken
            case "icon": capitals = .sound
            case "none": capitals = .unmarked
            default: return invalidParameter
            }
            return apply(to: target, ok: "206 OK CAP LET RECOGNITION SET", failed: "306 ERR COULDNT SET CAP LET RECOGNITION") { $0.capitals = capitals }
        case "spelling":
            if insideBlock { return notInsideBlock }
            guard let value else { return missingParameter }
            guard let on = Self.onOff(value) else { return notOnOrOff }
            return apply(to: target, ok: "207 OK SPELLING SET", failed: "308 ERR COULDNT SET SPELLING") { $0.spelling = on }
        case "ssml_mode":
            guard let value else { return missingParameter }
            guard let on = Self.onOff(value) else { return notOnOrOff }
            return apply(to: target, ok: "219 OK SSML MODE SET", failed: "315 ERR COULDNT SET SSML MODE") { $0.ssmlMode = on }
        case "debug":
            guard let value else { return missingParameter }
            guard Self.onOff(value) != nil else { return notOnOrOff }
            // Speech Dispatcher's answer when it was started without a debug directory; announcer has none to name.
            return [.reply(["317 ERR COULDNT SET DEBUGGING"])]
        case "notification":
            guard target == .ownSelf else { return invalidParameter }
            guard let type = value?.lowercased(), let state = words[4]?.lowercased() else { return missingParameter }
            guard let on = Self.onOff(state) else { return invalidParameter }
            guard type == "all" || SSIPSettings.notificationTypes.contains(type) else {
                return [.reply(["316 ERR COULDNT SET NOTIFICATION"])]
            }
            let types = type == "all" ? SSIPSettings.notificationTypes : [type]
            if on { settings.notifications.formUnion(types) } else { settings.notifications.subtract(types) }
            return [.reply(["220 OK NOTIFICATION SET"])]
        default:
            // Speech Dispatcher answers an unknown setting as an unknown command.
            return [.reply(["500 ERR INVALID COMMAND"])]
        }
    }

    /// Changes this client's settings when `target` is this client. Each connection keeps its own settings,
    /// so SET ALL and SET for another client are refused; no client has a number below 1.
    private mutating func apply(
        to target: SetTarget, ok: String, failed: String, _ change: (inout SSIPSettings) -> Void
    ) -> [SSIPAction] {
        switch target {
        case .ownSelf:
            break
        case let .client(number) where number == clientID:
            break
        case let .client(number) where number < 1:
            return [.reply([failed])]
        case .client:
            return notSupported("SET FOR ANOTHER CLIENT IS")
        case .all:
            return notSupported("SET ALL IS")
        }
        change(&settings)
        return [.reply([ok])]
    }

    /// A numeric SET: 511 for what is not a whole number, then the range's own codes for -100…100.
    private mutating func setNumber(
        _ value: String?, target: SetTarget, into field: WritableKeyPath<SSIPSettings, Int?>,
        ok: String, failed: String, range: (tooHigh: String, tooLow: String)?
    ) -> [SSIPAction] {
        guard let value else { return missingParameter }
        guard let number = Int(value) else { return [.reply(["511 ERR PARAMETER NOT A NUMBER"])] }
        if let range, number > 100 { return [.reply([range.tooHigh])] }
        if let range, number < -100 { return [.reply([range.tooLow])] }
        return apply(to: target, ok: ok, failed: failed) { $0[keyPath: field] = number }
    }

    private func get(_ words: CommandWords) -> [SSIPAction] {
        guard let name = words[1]?.lowercased() else { return missingParameter }
        let value: String
        switch name {
        case "rate": value = String(settings.rate ?? 0)
        case "pitch": value = String(settings.pitch ?? 0)
        case "volume": value = String(settings.volume ?? 0)
        case "output_module": value = settings.outputModule
        case "language": value = settings.languageCode ?? defaultLanguage.rawValue
        case "voice_type": value = settings.voiceType?.ssipName ?? "NO_VOICE"
        case "punctuation": value = settings.punctuationMode?.rawValue ?? "some"
        default: return invalidParameter
        }
        return [.reply(["251-\(value)", "251 OK GET RETURNED"])]
    }

    private func list(_ words: CommandWords) -> [SSIPAction] {
        guard let what = words[1]?.lowercased() else { return missingParameter }
        switch what {
        case "output_modules":
            return [.reply(["250-announcer", "250 OK MODULE LIST SENT"])]
        case "voices":
            return [.reply(VoiceType.allCases.map { "249-\($0.ssipName)" } + ["249 OK VOICE LIST SENT"])]
        case "synthesis_voices":
            // An optional language filter, as Speech Dispatcher 0.12 takes it: `LIST SYNTHESIS_VOICES sv`.
            let filter = words[2].flatMap(Language.init(code:))
            let listed = voices.filter { filter == nil || $0.language == filter }
            return [.reply(listed.map { "249-\($0.name)\t\($0.language.rawValue)\tnone" } + ["249 OK VOICE LIST SENT"])]
        default:
            return invalidParameter
        }
    }

    /// HISTORY as Speech Dispatcher 0.11.4 answers it. It keeps no history, and neither does announcer:
    /// GET CLIENT_ID gives the client's number, and the rest answer with its codes for none and not implemented.
    private mutating func history(_ words: CommandWords) -> [SSIPAction] {
        guard let group = words[1]?.lowercased() else { return missingParameter }
        switch group {
        case "get":
            guard let what = words[2]?.lowercased() else { return missingParameter }
            switch what {
            case "client_id":
                return [.reply(["245-\(clientID)", "245 OK CLIENT ID SENT"])]
            case "client_list":
                return notImplemented
            case "last":
                return noMessage
            case "message":
                return refusalOfNumbers(words, at: [3]) ?? notImplemented
            case "client_messages":
                guard let who = words[3]?.lowercased() else { return missingParameter }
                if who == "self" || who == "all" { return notImplemented }
                guard let number = Int(who) else { return notANumber }
                guard number == clientID else { return notImplemented }
                return refusalOfNumbers(words, at: [4, 5]) ?? [.reply(["241 OK MSGS LIST SENT"])]
            default:
                return missingParameter
            }
        case "cursor":
            guard let what = words[2]?.lowercased() else { return missingParameter }
            switch what {
            case "set":
                if let refusal = refusalOfNumbers(words, at: [3]) { return refusal }
                guard let place = words[4]?.lowercased() else { return missingParameter }
                switch place {
                case "first":
                    historyCursor = 0
                    return [.reply(["220 OK CURSOR SET FIRST"])]
                case "last":
                    // The last of no messages: one before the first.
                    historyCursor = -1
                    return [.reply(["221 OK CURSOR SET LAST"])]
                case "pos":
                    if let refusal = refusalOfNumbers(words, at: [5]) { return refusal }
                    guard let position = words[5].flatMap({ Int($0) }), position >= 0 else {
                        return [.reply(["404 ERR POSITION TOO LOW"])]
                    }
                    historyCursor = position
                    return [.reply(["222 OK CURSOR SET TO POSITION"])]
                default:
                    return missingParameter
                }
            case "forward":
                guard historyCursor < .max else { return [.reply(["405 ERR POSITION TOO HIGH"])] }
                historyCursor += 1
                return [.reply(["223 OK CURSOR MOVED FORWARD"])]
            case "backward":
                guard historyCursor >= 1 else { return [.reply(["404 ERR POSITION TOO LOW"])] }
                historyCursor -= 1
                return [.reply(["224 OK CURSOR MOVED BACKWARD"])]
            case "get":
                return noMessage
            default:
                return missingParameter
            }
        case "say":
            return refusalOfNumbers(words, at: [2]) ?? [.reply(["406 ERR ID DOESNT EXIST"])]
        case "sort":
            return notImplemented
        default:
            return [.reply(["500 ERR INVALID COMMAND"])]
        }
    }

    /// The refusal of the first of these parameters that is missing or not a whole number, or nil when all are numbers.
    private func refusalOfNumbers(_ words: CommandWords, at indices: [Int]) -> [SSIPAction]? {
        for index in indices {
            guard let word = words[index] else { return missingParameter }
            guard Int(word) != nil else { return notANumber }
        }
        return nil
    }

    /// SSIP's on and off, in any case; nil for any other word.
    private static func onOff(_ word: String) -> Bool? {
        switch word.lowercased() {
        case "on": true
        case "off": false
        default: nil
        }
    }

    private var missingParameter: [SSIPAction] { [.reply(["510 ERR MISSING PARAMETER"])] }
    private var notANumber: [SSIPAction] { [.reply(["511 ERR PARAMETER NOT A NUMBER"])] }
    private var notOnOrOff: [SSIPAction] { [.reply(["513 ERR PARAMETER NOT ON OR OFF"])] }
    private var invalidParameter: [SSIPAction] { [.reply(["514 ERR PARAMETER INVALID"])] }
    private var notInsideBlock: [SSIPAction] { [.reply(["332 ERR NOT ALLOWED INSIDE BLOCK"])] }
    private var notImplemented: [SSIPAction] { [.reply(["380 ERR NOT YET IMPLEMENTED"])] }
    private var noMessage: [SSIPAction] { [.reply(["403 ERR NO MESSAGE"])] }
    private func notSupported(_ what: String) -> [SSIPAction] {
        [.reply(["416 ERR \(what) NOT SUPPORTED BY ANNOUNCER"])]
    }

    // MARK: - Events

    /// What a STOP (`speakingOnly`) or CANCEL reaches, in the queue's terms.
    private func target(_ scope: SSIPScope, speakingOnly: Bool) -> CancelTarget {
        switch (scope, speakingOnly) {
        case (.all, true): .speaking
        case (.all, false): .all
        case (.ownMessages, true): .speakingAmong(ownLive)
        case (.ownMessages, false): .ids(ownLive)
        case let (.message(id), true): .speakingAmong([id])
        case let (.message(id), false): .id(id)
        }
    }

    /// A timeline event of one of this client's own messages: the event lines it asked for, sent once
    /// the message's hold has passed, in order.
    public mutating func deliver(_ event: TimelineEvent, at now: MonotonicInstant) -> [SSIPAction] {
        let id = event.announcement.id
        let due = hold.eventsFrom(id) ?? now
        if case .ended = event.kind {
            ownLive.remove(id)
            hold.messageEnded(id)
        }
        let lines = eventLines(for: event)
        if !lines.isEmpty { hold.append(lines, due: due) }
        return releaseHeldEvents(at: now)
    }

    /// Sends every held event that is due, in order, and asks to be woken when the next one is.
    public mutating func releaseHeldEvents(at now: MonotonicInstant) -> [SSIPAction] {
        let (due, wake) = hold.release(at: now)
        var actions: [SSIPAction] = []
        if !due.isEmpty { actions.append(.events(due)) }
        if let wake { actions.append(.wake(at: wake)) }
        return actions
    }

    /// The event lines to send this client for one of its own announcements, or none when
    /// it did not ask for that kind. BEGIN marks the first audio; END a message spoken to its end;
    /// every other outcome (cancelled, interrupted, superseded, duplicate, expired, dropped, failed) is CANCELED.
    public func eventLines(for event: TimelineEvent) -> [String] {
        let (code, type, text): (Int, String, String)
        switch event.kind {
        case let .mark(name):
            guard settings.notifications.contains("index_marks") else { return [] }
            // A mark's name is the client's own text: a line break in it would forge a reply line.
            let line = String(name.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
            return ["700-\(event.announcement.id)", "700-\(clientID)", "700-\(line)", "700 INDEX MARK"]
        case .paused: (code, type, text) = (704, "pause", "PAUSED")
        case .resumed: (code, type, text) = (705, "resume", "RESUMED")
        case .firstAudio: (code, type, text) = (701, "begin", "BEGIN")
        case .ended(.spoken): (code, type, text) = (702, "end", "END")
        case .ended: (code, type, text) = (703, "cancel", "CANCELED")
        default: return []
        }
        guard settings.notifications.contains(type) else { return [] }
        return eventLines(code: code, text: text, id: event.announcement.id)
    }

    /// One event's three lines: the message id, the client id, then the code with its text.
    private func eventLines(code: Int, text: String, id: AnnouncementID) -> [String] {
        ["\(code)-\(id)", "\(code)-\(clientID)", "\(code) \(text)"]
    }
}

/// A command line split as Speech Dispatcher splits it: at every single space, so two spaces leave an empty word.
private struct CommandWords {
    private let fields: [Substring]

    init(_ line: String) {
        fields = line.split(separator: " ", omittingEmptySubsequences: false)
    }

    /// The word at `index` (0 is the command), or nil when it is missing or empty. An empty last
    /// word, left by a trailing space, is an empty value, as Speech Dispatcher reads it.
    subscript(index: Int) -> String? {
        guard index < fields.count else { return nil }
        if fields[index].isEmpty && index < fields.count - 1 { return nil }
        return String(fields[index])
    }

    /// The line from word `index` on, spaces kept, as SET SYNTHESIS_VOICE takes a voice name; nil when there is none.
    func rest(from index: Int) -> String? {
        guard index < fields.count else { return nil }
        return fields[index...].joined(separator: " ")
    }
}
