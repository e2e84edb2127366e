extension TimelineEvent {
    /// The event as one line of JSON, without the newline. The schema is in the README.
    ///
    /// Keys come in a fixed order that reads well line by line: time, id, event, then the details.
    public var jsonLine: String {
        var fields: [(String, JSONValue)] = [
            ("t_ms", .milliseconds(time.microseconds)),
            ("id", .string(announcement.id.rawValue)),
            ("event", .string(kind.name)),
        ]
        switch kind {
        case .firstAudio, .audible, .started:
            fields.append(("latency_ms", .milliseconds(UInt64(sinceArrival.microseconds))))
        case let .ended(outcome):
            fields.append(("outcome", .string(outcome.name)))
            if let related = outcome.relatedID {
                fields.append((outcome.relatedKey, .string(related.rawValue)))
            }
            if !outcome.wasSpoken {
                fields.append(("reason", .string(outcome.explanation)))
            }
        case .received, .queued:
            break
        }
        fields += [
            ("politeness", .string(announcement.politeness.rawValue)),
            ("lang", .string(announcement.language.rawValue)),
            ("region", announcement.region.map { .string($0.rawValue) } ?? .null),
            ("text", .string(announcement.text)),
        ]
        return "{" + fields.map { "\(JSONValue.string($0.0).encoded):\($0.1.encoded)" }.joined(separator: ",") + "}"
    }
}

extension Outcome {
    /// The timeline key under which the related announcement's id is written.
    var relatedKey: String {
        switch self {
        case .interrupted: "by"
        case .superseded: "by"
        case .duplicate: "of"
        default: "related"
        }
    }
}

/// The few JSON values the timeline writes.
private enum JSONValue {
    case string(String)
    case milliseconds(UInt64)
    case null

    var encoded: String {
        switch self {
        case .null:
            return "null"
        case let .milliseconds(microseconds):
            // Microsecond resolution, written as milliseconds with three decimals.
            let fraction = String(microseconds % 1_000)
            return "\(microseconds / 1_000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
        case let .string(text):
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
    }
}
