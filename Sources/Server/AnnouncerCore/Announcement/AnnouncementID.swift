import Synchronization

/// The unique name of one announcement, chosen by a client or generated here.
public struct AnnouncementID: RawRepresentable, Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// A new identifier, unique within this process: decimal numbers, so SSIP can use them as message ids.
    public static func generate() -> AnnouncementID {
        AnnouncementID(String(nextGenerated.add(1, ordering: .relaxed).newValue))
    }

    private static let nextGenerated = Atomic<UInt64>(0)
}
