/// One program's share of the queue: within each politeness the shares take turns, and within a share
/// its clients (the program's connections) take turns, so a program gets one turn however many
/// connections it opens.
///
/// The server names a share after the number of its first client, so no two shares have the same
/// number; a client that was never assigned one is a share of its own, `ShareID(client)`.
public struct ShareID: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The share named after `client`: its own, until it is assigned to another.
    public init(_ client: ClientID) { rawValue = client.rawValue }

    public var description: String { String(rawValue) }

    public static func < (lhs: ShareID, rhs: ShareID) -> Bool { lhs.rawValue < rhs.rawValue }
}
