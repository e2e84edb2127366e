public import AnnouncerCore

/// How `announcerd` was asked to run.
public struct ServerConfiguration: Sendable {
    /// The socket serving both protocols, told apart by each connection's first line.
    public var socketPath: String
    /// An extra socket that serves only SSIP, such as Speech Dispatcher's default path.
    public var ssipSocketPath: String?
    /// The longest request line, and the longest SSIP message, in bytes.
    public var maxLineLength: Int
    /// The language of announcements that name none and come from a client that set none.
    public var defaultLanguage: Language
    /// Speak what is waiting at shutdown instead of cancelling it.
    public var drainOnShutdown: Bool
    /// Events waiting to be written to one connection beyond which its events are cut; at four
    /// times this, it is closed as not reading.
    public var maxPendingEventBytes: Int
    /// Replies and events waiting to be written across all connections; beyond it the connection
    /// with the most waiting is closed.
    public var maxPendingOutputBytes: Int
    /// What each connection may ask of the shared queue: rate, announcements not yet ended, text length.
    public var clientLimits: ClientLimits
    /// The most clients served at once; one more is told so and closed, so descriptors stay free for real work.
    public var maxClients: Int
    /// How long one client's pause of everyone (SSIP `PAUSE ALL`) may last while it stays connected;
    /// it ends sooner when the client goes.
    public var maxPauseForAll: Duration

    public init(
        socketPath: String, ssipSocketPath: String? = nil, maxLineLength: Int = 64 * 1024,
        defaultLanguage: Language = .english, drainOnShutdown: Bool = false, maxPendingEventBytes: Int = 64 * 1024,
        maxPendingOutputBytes: Int = 16 * 1024 * 1024,
        clientLimits: ClientLimits = .standard, maxClients: Int = 4_096, maxPauseForAll: Duration = .seconds(60)
    ) {
        self.socketPath = socketPath
        self.ssipSocketPath = ssipSocketPath
        self.maxLineLength = maxLineLength
        self.defaultLanguage = defaultLanguage
        self.drainOnShutdown = drainOnShutdown
        self.maxPendingEventBytes = maxPendingEventBytes
        self.maxPendingOutputBytes = maxPendingOutputBytes
        self.clientLimits = clientLimits
        self.maxClients = max(1, maxClients)
        self.maxPauseForAll = max(.milliseconds(1), maxPauseForAll)
    }

    /// The default language announcerd starts with: `given` (its --lang) if it has a voice profile,
    /// else the language of `LANG` in `environment` if that has one, else English.
    public static func defaultLanguage(
        given: Language?, environment: [String: String], among available: [Language]
    ) throws(AnnouncementError) -> Language {
        if let given {
            guard available.contains(given) else { throw .unknownLanguage(given.rawValue, available: available) }
            return given
        }
        let fromLocale = Language(locale: environment["LANG"])
        return available.contains(fromLocale) ? fromLocale : .english
    }
}
