/// How urgently an announcement interrupts the listener, as in ARIA's `aria-live`.
public enum Politeness: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// Recorded on the timeline but never spoken.
    case off
    /// Spoken when nothing more urgent is waiting, in order of arrival.
    case polite
    /// Spoken before every polite announcement, cutting a polite one that is speaking.
    case assertive

    var rank: Int {
        switch self {
        case .off: 0
        case .polite: 1
        case .assertive: 2
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}
