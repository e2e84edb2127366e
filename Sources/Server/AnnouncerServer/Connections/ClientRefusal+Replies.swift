import AnnouncerProtocol

/// How each protocol says that a per-client limit refused an announcement.
extension ClientRefusal {
    /// The JSON-lines error: `throttled` for rate and pending, which waiting cures, `text_too_long` for the text.
    func protocolError(limits: ClientLimits, textBytes: Int) -> ProtocolError {
        switch self {
        case .rate:
            ProtocolError(.throttled, "This client \(clause(limits: limits)), so this one was refused; send fewer, or wait a moment.")
        case .pending:
            ProtocolError(.throttled, "This client \(clause(limits: limits)), so this one was refused; wait for some to end, or cancel them.")
        case .textLength:
            ProtocolError(.textTooLong,
                "The text is \(textBytes) bytes long, over the limit of \(limits.maxTextBytes ?? 0) bytes, so it was refused; split it into shorter announcements.")
        }
    }

    /// The SSIP reply: a 4xx code, as for a parameter the client got wrong, in numbers announcer does not use otherwise.
    func ssipLine(limits: ClientLimits) -> String {
        switch self {
        case .rate: "417 ERR TOO MANY MESSAGES, AT MOST \(limits.rate?.perSecond ?? 0) A SECOND AFTER \(limits.rate?.burst ?? 0) AT ONCE"
        case .pending: "418 ERR TOO MANY MESSAGES WAITING, AT MOST \(limits.maxPending ?? 0) AT ONCE"
        case .textLength: "419 ERR MESSAGE TEXT TOO LONG, THE LIMIT IS \(limits.maxTextBytes ?? 0) BYTES"
        }
    }
}
