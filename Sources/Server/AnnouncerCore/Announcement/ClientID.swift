/// Who sent an announcement: one connection of the server, or the embedded engine of a command.
///
/// The queue takes turns between clients within each politeness, so one client's flood never
/// keeps another waiting for more than the utterances ahead of it in the turn.
public struct ClientID: RawRepresentable, Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// The connection's number (its SSIP client id), or 0 for the embedded engine.
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }
    public init(_ rawValue: Int) { self.rawValue = rawValue }

    /// The engine inside a command, such as `announce say` without a server: one client.
    public static let embedded = ClientID(0)

    public var description: String { rawValue == 0 ? "embedded" : String(rawValue) }

    public static func < (lhs: ClientID, rhs: ClientID) -> Bool { lhs.rawValue < rhs.rawValue }
}
