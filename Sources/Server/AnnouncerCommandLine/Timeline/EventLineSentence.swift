public import AnnouncerProtocol

/// An event line from the server's timeline as one plain sentence, as `TimelineTextWriter` says an
/// engine's own events: `812.0 ms: announcement 1 ended: interrupted by announcement 2.`
public enum EventLineSentence {
    /// The sentence for `line`, its time in milliseconds since `origin` (microseconds on the same clock).
    public static func sentence(for line: EventLine, originMicroseconds origin: UInt64) -> String {
        let elapsed = line.time.microseconds >= origin ? line.time.microseconds - origin : 0
        let subject = "\(format(elapsed)): announcement \(line.id)"
        let latency = line.latency.map { ", \(format($0.microseconds)) after arrival" } ?? ""
        switch line.event {
        case .received:
            let region = line.region.map { ", region \($0)" } ?? ""
            return "\(subject) received, \(line.politeness.rawValue), \(line.language.name)\(region): \"\(line.text)\""
        case .firstAudio: return "\(subject) first audio\(latency)."
        case .audible: return "\(subject) audible\(latency)."
        case .mark: return "\(subject) reached mark \(line.mark ?? "")\(latency)."
        case .warning: return "\(subject) warning: \(line.reason ?? "")"
        case .action: return "\(subject): the user's action was sent to the page."
        case .pageChanged: return "\(subject): the page changed its live region."
        case .ended:
            let outcome = line.outcome?.rawValue ?? "ended"
            if let by = line.by { return "\(subject) ended: \(outcome) by announcement \(by)." }
            if let of = line.of { return "\(subject) ended: \(outcome) of announcement \(of)." }
            if let reason = line.reason, line.outcome != .cancelled { return "\(subject) ended: \(outcome). \(reason)" }
            return "\(subject) ended: \(outcome)."
        default:
            return "\(subject) \(line.event.rawValue.replacingOccurrences(of: "_", with: " "))."
        }
    }

    private static func format(_ microseconds: UInt64) -> String {
        let tenths = (microseconds + 50) / 100
        return "\(tenths / 10).\(tenths % 10) ms"
    }
}
