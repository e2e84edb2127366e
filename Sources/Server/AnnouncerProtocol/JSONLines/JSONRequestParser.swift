public import AnnouncerCore
import Foundation

/// Reads one request line of the JSON-lines protocol, or says in one sentence why it cannot.
public enum JSONRequestParser {
    /// A request that could not be read, with the request's name when it was readable.
    public struct Failure: Error, Sendable, Equatable {
        public var request: String?
        public var error: ProtocolError
    }

    /// The fields each request accepts; any other field is refused, so a misspelt one is never ignored.
    static let allowedFields: [String: Set<String>] = [
        "speak": ["request", "text", "politeness", "lang", "region", "rate", "pitch", "volume", "id", "follow", "sent_ms", "spell", "punctuation", "ssml", "keep_repeats"],
        "cancel": ["request", "id", "region", "all", "mine"],
        "subscribe": ["request"],
        "unsubscribe": ["request"],
        "status": ["request"],
        "defaults": ["request", "lang", "politeness", "punctuation"],
        "voices": ["request"],
        "pause": ["request", "all"],
        "resume": ["request", "all"],
    ]

    /// The request names, for error sentences.
    public static var requestNames: [String] { allowedFields.keys.sorted() }

    /// The longest id a client may choose.
    public static let maxIDLength = 128

    /// Reads `line`; a language must be one of `languages`, the ones the server has voice profiles for.
    public static func parse(_ line: some Collection<UInt8>, languages: [Language]) -> Result<JSONRequest, Failure> {
        guard String(validating: line, as: UTF8.self) != nil else {
            return .failure(Failure(request: nil, error: ProtocolError(.invalidUTF8,
                "The line is not valid UTF-8 text; send requests as UTF-8.")))
        }
        let value: JSONInput
        do {
            value = try JSONDecoder().decode(JSONInput.self, from: Data(line))
        } catch {
            return .failure(Failure(request: nil, error: ProtocolError(.invalidJSON,
                "The line is not valid JSON; send one JSON object per line, such as {\"request\":\"speak\",\"text\":\"Hello\"}.")))
        }
        guard case let .object(fields) = value else {
            return .failure(Failure(request: nil, error: ProtocolError(.notAnObject,
                "The line is \(value.kindName), not a JSON object; send one object per line.")))
        }
        guard let requestValue = fields["request"] else {
            return .failure(Failure(request: nil, error: ProtocolError(.missingRequest,
                "The object has no \"request\" field; name one of \(requestNames.joined(separator: ", ")).")))
        }
        guard case let .string(name) = requestValue, let allowed = allowedFields[name] else {
            let shown = if case let .string(name) = requestValue { "\"\(name)\"" } else { requestValue.kindName }
            return .failure(Failure(request: nil, error: ProtocolError(.unknownRequest,
                "The request \(shown) is not known; use one of \(requestNames.joined(separator: ", ")).")))
        }
        if let unknown = fields.keys.sorted().first(where: { !allowed.contains($0) }) {
            return .failure(Failure(request: name, error: ProtocolError(.unknownField,
                "The field \"\(unknown)\" is not part of a \(name) request; it accepts \(allowed.sorted().joined(separator: ", ")).")))
        }
        do throws(ProtocolError) {
            return .success(try request(named: name, Fields(fields, languages: languages)))
        } catch {
            return .failure(Failure(request: name, error: error))
        }
    }

    private static func request(named name: String, _ fields: Fields) throws(ProtocolError) -> JSONRequest {
        switch name {
        case "speak":
            let (rate, pitch, volume) = (try fields.integer("rate"), try fields.integer("pitch"), try fields.integer("volume"))
            let prosody: Prosody
            do throws(AnnouncementError) {
                prosody = try Prosody(rate: rate, pitch: pitch, volume: volume)
            } catch {
                throw ProtocolError(error)
            }
            return .speak(SpeakRequest(
                text: try fields.requiredString("text"),
                politeness: try fields.politeness(),
                language: try fields.language(),
                region: try fields.string("region").map(RegionID.init(rawValue:)),
                prosody: prosody,
                id: try fields.clientChosenID(),
                follow: try fields.bool("follow") ?? false,
                sent: try fields.monotonicMilliseconds("sent_ms"),
                spelled: try fields.bool("spell") ?? false,
                punctuation: try fields.punctuation(),
                ssml: try fields.bool("ssml") ?? false,
                keepRepeats: try fields.bool("keep_repeats") ?? false
            ))
        case "cancel":
            if try fields.bool("mine") == true {
                guard try fields.string("id") == nil, try fields.string("region") == nil, try fields.bool("all") != true else {
                    throw ProtocolError(.missingField,
                        "A cancel request names exactly one of \"id\", \"region\", \"all\": true or \"mine\": true.")
                }
                return .cancelOwn
            }
            let targets: [CancelTarget] = [
                try fields.string("id").map { .id(AnnouncementID($0)) },
                try fields.string("region").map { .region(RegionID($0)) },
                try fields.bool("all") == true ? .all : nil,
            ].compactMap { $0 }
            guard targets.count == 1 else {
                throw ProtocolError(.missingField,
                    "A cancel request names exactly one of \"id\", \"region\", \"all\": true or \"mine\": true.")
            }
            return .cancel(targets[0])
        case "subscribe": return .subscribe
        case "unsubscribe": return .unsubscribe
        case "status": return .status
        case "voices": return .voices
        case "pause": return .pause(all: try fields.bool("all") ?? false)
        case "resume": return .resume(all: try fields.bool("all") ?? false)
        default:
            return .defaults(language: try fields.language(), politeness: try fields.politeness(), punctuation: try fields.punctuation())
        }
    }
}

/// Typed access to a request's fields, each failure a sentence naming the field.
private struct Fields {
    let values: [String: JSONInput]
    let languages: [Language]
    init(_ values: [String: JSONInput], languages: [Language]) {
        self.values = values
        self.languages = languages
    }

    func string(_ name: String) throws(ProtocolError) -> String? {
        switch values[name] {
        case nil, .null?: return nil
        case let .string(value)?:
            guard !value.isEmpty else { throw ProtocolError(.invalidValue, "The field \"\(name)\" is empty; leave it out or give it a value.") }
            return value
        case let other?: throw wrongKind(name, other, expected: "a string")
        }
    }

    func requiredString(_ name: String) throws(ProtocolError) -> String {
        switch values[name] {
        case nil, .null?: throw ProtocolError(.missingField, "The field \"\(name)\" is missing.")
        case let .string(value)?: return value
        case let other?: throw wrongKind(name, other, expected: "a string")
        }
    }

    func integer(_ name: String) throws(ProtocolError) -> Int? {
        switch values[name] {
        case nil, .null?: return nil
        case let .number(value)?:
            guard value.rounded() == value, abs(value) < 1e9 else {
                throw ProtocolError(.invalidValue, "The field \"\(name)\" must be a whole number.")
            }
            return Int(value)
        case let other?: throw wrongKind(name, other, expected: "a whole number")
        }
    }

    func bool(_ name: String) throws(ProtocolError) -> Bool? {
        switch values[name] {
        case nil, .null?: return nil
        case let .bool(value)?: return value
        case let other?: throw wrongKind(name, other, expected: "true or false")
        }
    }

    /// A moment on the monotonic clock, written in milliseconds with up to microsecond decimals.
    func monotonicMilliseconds(_ name: String) throws(ProtocolError) -> MonotonicInstant? {
        switch values[name] {
        case nil, .null?: return nil
        case let .number(value)?:
            guard value.isFinite, value >= 0, value < 1e15 else {
                throw ProtocolError(.invalidValue,
                    "The field \"\(name)\" must be a time in milliseconds on the monotonic clock, zero or more.")
            }
            return MonotonicInstant(microseconds: UInt64((value * 1_000).rounded()))
        case let other?: throw wrongKind(name, other, expected: "a number of milliseconds")
        }
    }

    func politeness() throws(ProtocolError) -> Politeness? {
        guard let word = try string("politeness") else { return nil }
        guard let politeness = Politeness(rawValue: word) else { throw ProtocolError(.unknownPoliteness(word)) }
        return politeness
    }

    func language() throws(ProtocolError) -> Language? {
        guard let code = try string("lang") else { return nil }
        guard let language = Language(code: code), languages.contains(language) else {
            throw ProtocolError(.unknownLanguage(code, available: languages))
        }
        return language
    }

    func punctuation() throws(ProtocolError) -> PunctuationLevel? {
        guard let word = try string("punctuation") else { return nil }
        guard let level = PunctuationLevel(rawValue: word) else {
            throw ProtocolError(.invalidValue, "The punctuation \"\(word.prefix(40))\" is not known; use \(PunctuationLevel.names).")
        }
        return level
    }

    /// Ids the server generates are decimal numbers, so a client's own must contain something else.
    func clientChosenID() throws(ProtocolError) -> AnnouncementID? {
        guard let id = try string("id") else { return nil }
        guard id.count <= JSONRequestParser.maxIDLength,
              !id.contains(where: { $0.isWhitespace || $0.isNewline }),
              !id.allSatisfy(\.isASCIIDigitCharacter) else {
            throw ProtocolError(.invalidID,
                "The id \"\(id.prefix(40))\" cannot be used; choose up to \(JSONRequestParser.maxIDLength) characters without spaces that are not all digits, since the server numbers its own ids.")
        }
        return AnnouncementID(id)
    }

    private func wrongKind(_ name: String, _ value: JSONInput, expected: String) -> ProtocolError {
        ProtocolError(.invalidValue, "The field \"\(name)\" must be \(expected), not \(value.kindName).")
    }
}

private extension Character {
    var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
