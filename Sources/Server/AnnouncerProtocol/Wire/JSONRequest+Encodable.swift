public import AnnouncerCore
public import JSONLineEncoding

/// A request as a client writes it: the same type the server reads with `JSONRequestParser`, so the
/// two sides cannot drift apart (a test reads back every kind of request it writes).
extension JSONRequest: Encodable {
    enum CodingKeys: String, CodingKey {
        case request, id, text, politeness, language = "lang", region, rate, pitch, volume, follow, sent = "sent_ms"
        case spell, punctuation, all, ssml, keepRepeats = "keep_repeats", mine
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .request)
        switch self {
        case let .speak(speak):
            if let id = speak.id { try container.encode(id, forKey: .id) }
            try container.encode(speak.text, forKey: .text)
            if let politeness = speak.politeness { try container.encode(politeness, forKey: .politeness) }
            if let language = speak.language { try container.encode(language, forKey: .language) }
            if let region = speak.region { try container.encode(region, forKey: .region) }
            if let rate = speak.prosody.rate { try container.encode(rate, forKey: .rate) }
            if let pitch = speak.prosody.pitch { try container.encode(pitch, forKey: .pitch) }
            if let volume = speak.prosody.volume { try container.encode(volume, forKey: .volume) }
            if speak.follow { try container.encode(true, forKey: .follow) }
            if speak.spelled { try container.encode(true, forKey: .spell) }
            if let punctuation = speak.punctuation { try container.encode(punctuation, forKey: .punctuation) }
            if let sent = speak.sent { try container.encode(Milliseconds(sent), forKey: .sent) }
            if speak.ssml { try container.encode(true, forKey: .ssml) }
            if speak.keepRepeats { try container.encode(true, forKey: .keepRepeats) }
        case let .cancel(target):
            switch target {
            case let .id(id): try container.encode(id, forKey: .id)
            case let .region(region): try container.encode(region, forKey: .region)
            case .all: try container.encode(true, forKey: .all)
            case .ids, .client, .speaking, .speakingAmong:
                throw EncodingError.invalidValue(target, EncodingError.Context(codingPath: [CodingKeys.request],
                    debugDescription: "A cancel request names one id, one region or all."))
            }
        case .cancelOwn:
            try container.encode(true, forKey: .mine)
        case let .defaults(language, politeness, punctuation):
            if let language { try container.encode(language, forKey: .language) }
            if let politeness { try container.encode(politeness, forKey: .politeness) }
            if let punctuation { try container.encode(punctuation, forKey: .punctuation) }
        case let .pause(all), let .resume(all):
            if all { try container.encode(true, forKey: .all) }
        case .subscribe, .unsubscribe, .status, .voices:
            break
        }
    }

    /// The request as one line of JSON, without the newline.
    public var encoded: String {
        // Only a cancel of several ids or of what speaks cannot be written; nothing sends those.
        (try? JSONLineEncoder().encode(self)) ?? #"{"request":"\#(name.rawValue)"}"#
    }
}
