import AnnouncerCore
import Testing
@testable import AnnouncerProtocol

/// The JSON-lines requests: what is accepted, and the one-sentence error for everything else.
@Suite struct JSONRequestParserTests {
    private func parse(_ line: String) -> Result<JSONRequest, JSONRequestParser.Failure> {
        JSONRequestParser.parse(Array(line.utf8), languages: [.english, .norwegianBokmal])
    }

    private func errorCode(_ line: String) -> ProtocolError.Code? {
        if case let .failure(failure) = parse(line) { return failure.error.code }
        return nil
    }

    @Test("A speak request carries every field the client gave")
    func speakCarriesEveryField() throws {
        let result = parse(#"{"request":"speak","text":"Feil","politeness":"assertive","lang":"nb","region":"login","rate":200,"pitch":40,"volume":120,"id":"err-1","follow":true}"#)
        guard case let .success(.speak(speak)) = result else {
            Issue.record("expected a speak request, got \(result)")
            return
        }
        #expect(speak.text == "Feil")
        #expect(speak.politeness == .assertive)
        #expect(speak.language == .norwegianBokmal)
        #expect(speak.region == RegionID("login"))
        #expect(speak.prosody == (try Prosody(rate: 200, pitch: 40, volume: 120)))
        #expect(speak.id == AnnouncementID("err-1"))
        #expect(speak.follow)
    }

    @Test("A client's own send time is carried into the announcement, and one later than its arrival is refused")
    func sentTimeIsCarriedAndChecked() throws {
        guard case let .success(.speak(speak)) = parse(#"{"request":"speak","text":"Hei","sent_ms":1500.25}"#) else {
            Issue.record("expected a speak request")
            return
        }
        #expect(speak.sent == MonotonicInstant(microseconds: 1_500_250))
        let defaults = ConnectionDefaults(language: .english)
        let announcement = try speak.announcement(defaults: defaults, arrival: MonotonicInstant(microseconds: 1_600_000))
        #expect(announcement.sent == MonotonicInstant(microseconds: 1_500_250))
        #expect(throws: ProtocolError.self) {
            try speak.announcement(defaults: defaults, arrival: MonotonicInstant(microseconds: 1_000_000))
        }
        #expect(errorCode(#"{"request":"speak","text":"Hei","sent_ms":-1}"#) == .invalidValue)
        #expect(errorCode(#"{"request":"speak","text":"Hei","sent_ms":"now"}"#) == .invalidValue)
    }

    @Test("Spell and punctuation reach the announcement; a connection's punctuation applies when the request names none")
    func spellAndPunctuationReachTheAnnouncement() throws {
        guard case let .success(.speak(spelled)) = parse(#"{"request":"speak","text":"A@","spell":true,"punctuation":"all"}"#),
              case let .success(.speak(plain)) = parse(#"{"request":"speak","text":"a, b"}"#) else {
            Issue.record("expected two speak requests")
            return
        }
        let defaults = ConnectionDefaults(language: .english, punctuation: PunctuationLevel.none)
        let arrival = MonotonicInstant(microseconds: 1)
        let first = try spelled.announcement(defaults: defaults, arrival: arrival)
        #expect(first.spelled && first.punctuation == .all)
        let second = try plain.announcement(defaults: defaults, arrival: arrival)
        #expect(!second.spelled && second.punctuation == PunctuationLevel.none)
        #expect(errorCode(#"{"request":"speak","text":"Hi","punctuation":"most"}"#) == .invalidValue)
        #expect(errorCode(#"{"request":"speak","text":"Hi","spell":"yes"}"#) == .invalidValue)
    }

    @Test("Only languages the server has profiles for are accepted; defaults and voices are requests of their own")
    func languagesComeFromTheServer() {
        let swedishServer = JSONRequestParser.parse(Array(#"{"request":"speak","text":"Hej","lang":"sv-SE"}"#.utf8), languages: [.english, Language(code: "sv")!])
        guard case let .success(.speak(speak)) = swedishServer else {
            Issue.record("expected a speak request, got \(swedishServer)")
            return
        }
        #expect(speak.language?.rawValue == "sv")
        if case let .failure(failure) = parse(#"{"request":"speak","text":"Hej","lang":"sv"}"#) {
            #expect(failure.error.message == "The language \"sv\" is not available; use one of en, nb.")
        } else {
            Issue.record("sv was accepted by a server without it")
        }
        #expect((try? parse(#"{"request":"defaults","punctuation":"all"}"#).get()) == .defaults(language: nil, politeness: nil, punctuation: .all))
        #expect((try? parse(#"{"request":"voices"}"#).get()) == .voices)
    }

    @Test("What a speak request leaves out comes from the connection's defaults")
    func speakUsesConnectionDefaults() throws {
        guard case let .success(.speak(speak)) = parse(#"{"request":"speak","text":"Hei"}"#) else {
            Issue.record("expected a speak request")
            return
        }
        let announcement = try speak.announcement(
            defaults: ConnectionDefaults(language: .norwegianBokmal, politeness: .assertive), arrival: .init(microseconds: 5))
        #expect(announcement.language == .norwegianBokmal)
        #expect(announcement.politeness == .assertive)
        #expect(announcement.id.rawValue.allSatisfy { $0.isNumber })
    }

    @Test("Cancel names exactly one of id, region or all")
    func cancelNamesExactlyOneTarget() throws {
        #expect(try parse(#"{"request":"cancel","id":"7"}"#).get() == .cancel(.id(AnnouncementID("7"))))
        #expect(try parse(#"{"request":"cancel","region":"status"}"#).get() == .cancel(.region(RegionID("status"))))
        #expect(try parse(#"{"request":"cancel","all":true}"#).get() == .cancel(.all))
        #expect(errorCode(#"{"request":"cancel"}"#) == .missingField)
        #expect(errorCode(#"{"request":"cancel","id":"7","all":true}"#) == .missingField)
    }

    @Test("Each kind of bad line gets its own stable code")
    func badLinesGetStableCodes() {
        #expect(ProtocolError.Code.allCases.count == Set(ProtocolError.Code.allCases.map(\.rawValue)).count)
        #expect(JSONRequestParser.parse([0x7B, 0xFF, 0x7D], languages: [.english]).failureCode == .invalidUTF8)
        #expect(errorCode(#"{"request":"speak","text":"#) == .invalidJSON)
        #expect(errorCode(#"["speak"]"#) == .notAnObject)
        #expect(errorCode(#"{"text":"Hello"}"#) == .missingRequest)
        #expect(errorCode(#"{"request":"shout","text":"Hello"}"#) == .unknownRequest)
        #expect(errorCode(#"{"request":"speak","text":"Hello","colour":"red"}"#) == .unknownField)
        #expect(errorCode(#"{"request":"speak"}"#) == .missingField)
        #expect(errorCode(#"{"request":"speak","text":"Hi","rate":"fast"}"#) == .invalidValue)
        #expect(errorCode(#"{"request":"speak","text":"Hi","rate":1000}"#) == .invalidValue)
        #expect(errorCode(#"{"request":"speak","text":"Hi","rate":200.5}"#) == .invalidValue)
        #expect(errorCode(#"{"request":"speak","text":"Hi","lang":"de"}"#) == .unknownLanguage)
        #expect(errorCode(#"{"request":"speak","text":"Hi","politeness":"rude"}"#) == .invalidValue)
        #expect(errorCode(#"{"request":"speak","text":"Hi","id":"42"}"#) == .invalidID)
        #expect(errorCode(#"{"request":"speak","text":"Hi","id":"has space"}"#) == .invalidID)
    }

    @Test("An unknown field's error names the field and what the request accepts")
    func unknownFieldErrorNamesTheField() {
        guard case let .failure(failure) = parse(#"{"request":"status","verbose":true}"#) else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.request == "status")
        #expect(failure.error.message.contains("\"verbose\""))
        #expect(failure.error.message.hasSuffix("."))
    }

    @Test("Replies put reply and ok first and escape the text")
    func repliesAreOrderedAndEscaped() {
        #expect(Reply(.speak, SpeakAccepted(id: AnnouncementID("9"))).encoded == #"{"reply":"speak","ok":true,"id":"9"}"#)
        #expect(ReplyHeader.refusalLine(nil, ProtocolError(.invalidJSON, "Say \"hi\".")) ==
            #"{"reply":null,"ok":false,"error":"invalid_json","message":"Say \"hi\"."}"#)
    }
}

extension Result where Failure == JSONRequestParser.Failure {
    var failureCode: ProtocolError.Code? {
        if case let .failure(failure) = self { return failure.error.code }
        return nil
    }
}
