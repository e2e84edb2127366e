/// Why a speech destination could not take or answer its announcements, in one plain sentence.
public struct DestinationError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
