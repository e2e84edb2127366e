/// The result of `session.new`: the session's id and the capabilities it has.
struct ATDriverSessionNewResult: Codable, Sendable, Equatable {
    /// What the session has: the standard three, in lower case where the specification asks, and the X display.
    struct Capabilities: Codable, Sendable, Equatable {
        var atName: String
        var atVersion: String
        var platformName: String
        var display: String

        private enum CodingKeys: String, CodingKey {
            case atName, atVersion, platformName
            case display = "announcer:display"
        }

        init(_ identity: ATDriverIdentity) {
            atName = identity.atName.lowercased()
            atVersion = identity.atVersion
            platformName = identity.platformName.lowercased()
            display = identity.display
        }
    }

    var sessionId: String
    var capabilities: Capabilities
}
