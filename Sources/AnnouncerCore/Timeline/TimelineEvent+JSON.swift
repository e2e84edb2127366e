extension TimelineEvent {
    /// The event as one line of JSON, without the newline. The schema is in the README.
    ///
    /// Keys come in a fixed order that reads well line by line: time, id, event, then the details.
    public var jsonLine: String {
        var fields: [(String, JSONFragment)] = [
            ("t_ms", .milliseconds(time.microseconds)),
            ("id", .string(announcement.id.rawValue)),
            ("event", .string(kind.name)),
        ]
        if let sent = announcement.sent {
            fields.append(("sent_ms", .milliseconds(sent.microseconds)))
        }
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
        return JSONFragment.object(fields).encoded
    }
}

extension Outcome {
    /// The timeline key under which the related announcement's id is written.
    var relatedKey: String {
        switch self {
        case .interrupted, .interruptedAfterHolding: "by"
        case .superseded: "by"
        case .duplicate: "of"
        default: "related"
        }
    }
}

