public import AnnouncerCore
public import JSONLineEncoding

/// The body of the reply to `status`: what speaks, what waits, each client's share, the outcomes so far,
/// how synthesis and the audio device fare, and who is throttled. docs/PROTOCOL.md describes each field.
public struct StatusBody: Sendable, Hashable, Codable {
    public var version: String
    public var sink: String
    public var speaking: SpeakingAnnouncement?
    public var waiting: WaitingCounts
    /// How many connections are open.
    public var clients: Int
    public var clientList: [ClientShare]
    public var ended: OutcomeCounts
    public var synthesis: SynthesisStatus
    public var throttling: ThrottlingStatus
    public var audio: AudioStatus

    enum CodingKeys: String, CodingKey {
        case version, sink, speaking, waiting, clients, clientList = "client_list", ended, synthesis, throttling, audio
    }

    public init(
        version: String, sink: String, speaking: SpeakingAnnouncement?, waiting: WaitingCounts, clients: Int,
        clientList: [ClientShare], ended: OutcomeCounts, synthesis: SynthesisStatus, throttling: ThrottlingStatus,
        audio: AudioStatus
    ) {
        self.version = version
        self.sink = sink
        self.speaking = speaking
        self.waiting = waiting
        self.clients = clients
        self.clientList = clientList
        self.ended = ended
        self.synthesis = synthesis
        self.throttling = throttling
        self.audio = audio
    }
}

/// The announcement speaking now, as `status` shows it.
public struct SpeakingAnnouncement: Sendable, Hashable, Codable {
    public var id: AnnouncementID
    public var politeness: Politeness
    public var language: Language
    public var region: RegionID?
    public var text: String

    enum CodingKeys: String, CodingKey { case id, politeness, language = "lang", region, text }

    public init(_ announcement: Announcement) {
        id = announcement.id
        politeness = announcement.politeness
        language = announcement.language
        region = announcement.region
        text = announcement.text
    }
}

/// How many announcements wait, by politeness.
public struct WaitingCounts: Sendable, Hashable, Codable {
    public var assertive: Int
    public var polite: Int

    public init(assertive: Int, polite: Int) {
        self.assertive = assertive
        self.polite = polite
    }
}

/// How many announcements ended with each outcome, written in the outcomes' order, leaving out none seen.
public struct OutcomeCounts: Sendable, Hashable, Codable {
    public var counts: [Outcome.Kind: Int]

    public init(_ counts: [Outcome.Kind: Int] = [:]) { self.counts = counts }

    public subscript(kind: Outcome.Kind) -> Int { counts[kind] ?? 0 }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: NameKey.self)
        var counts: [Outcome.Kind: Int] = [:]
        for key in container.allKeys {
            // An outcome this client does not know yet is left out rather than failing the whole status.
            guard let kind = Outcome.Kind(rawValue: key.stringValue) else { continue }
            counts[kind] = try container.decode(Int.self, forKey: key)
        }
        self.counts = counts
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NameKey.self)
        for kind in Outcome.Kind.allCases.sorted(by: { $0.rawValue < $1.rawValue }) {
            if let count = counts[kind] { try container.encode(count, forKey: NameKey(stringValue: kind.rawValue)) }
        }
    }
}

/// The protocol a client speaks, as `status` names it.
public enum WireProtocolName: String, Sendable, Hashable, Codable {
    case json, ssip
}

/// One connected client's share of the queue, as `status` lists it.
public struct ClientShare: Sendable, Hashable, Codable {
    /// The server's number for the connection.
    public var client: Int
    public var wireProtocol: WireProtocolName?
    /// The client's process, from the socket's peer credentials.
    public var pid: Int?
    /// The name it gave itself (SSIP's CLIENT_NAME).
    public var name: String?
    public var waiting: WaitingCounts
    public var dropped: Int
    public var droppedReasons: [DropReasonCount]

    enum CodingKeys: String, CodingKey {
        case client, wireProtocol = "protocol", pid, name, waiting, dropped, droppedReasons = "dropped_reasons"
    }

    public init(
        client: Int, wireProtocol: WireProtocolName?, pid: Int?, name: String?, waiting: WaitingCounts, dropped: Int,
        droppedReasons: [DropReasonCount]
    ) {
        self.client = client
        self.wireProtocol = wireProtocol
        self.pid = pid
        self.name = name
        self.waiting = waiting
        self.dropped = dropped
        self.droppedReasons = droppedReasons
    }
}

/// How many of a client's announcements were dropped for one reason.
public struct DropReasonCount: Sendable, Hashable, Codable {
    /// The sentence that says why.
    public var reason: String
    public var count: Int

    public init(reason: String, count: Int) {
        self.reason = reason
        self.count = count
    }
}

/// Where eSpeak runs, and how its worker has fared.
public struct SynthesisStatus: Sendable, Hashable, Codable {
    /// Whether eSpeak runs in a worker process; the other fields are written only when it does.
    public var isolated: Bool
    public var workerPID: Int?
    public var restarts: Int?
    public var hangs: Int?
    public var refusedInputs: Int?
    /// How the last worker ended.
    public var lastRestart: String?

    enum CodingKeys: String, CodingKey {
        case isolated, workerPID = "worker_pid", restarts, hangs, refusedInputs = "refused_inputs", lastRestart = "last_restart"
    }

    /// eSpeak runs inside the server.
    public static let inProcess = SynthesisStatus(isolated: false)

    public init(isolated: Bool, workerPID: Int? = nil, restarts: Int? = nil, hangs: Int? = nil, refusedInputs: Int? = nil, lastRestart: String? = nil) {
        self.isolated = isolated
        self.workerPID = workerPID
        self.restarts = restarts
        self.hangs = hangs
        self.refusedInputs = refusedInputs
        self.lastRestart = lastRestart
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(isolated, forKey: .isolated)
        guard isolated else { return }
        try container.encodeIfPresent(workerPID, forKey: .workerPID)
        try container.encode(restarts ?? 0, forKey: .restarts)
        try container.encode(hangs ?? 0, forKey: .hangs)
        try container.encode(refusedInputs ?? 0, forKey: .refusedInputs)
        try container.encodeIfPresent(lastRestart, forKey: .lastRestart)
    }
}

/// Whether the audio device works, what went wrong while it does not, and how often it stopped.
public struct AudioStatus: Sendable, Hashable, Codable {
    public var device: String
    public var state: State
    /// While down: the last fault, in one sentence.
    public var problem: String?
    /// While down: since when, in ISO 8601.
    public var downSince: String?
    public var outages: Int
    /// How long the last outage lasted, in whole milliseconds.
    public var lastOutageMilliseconds: Int?
    /// What the server does with announcements while the device is down.
    public var whenDown: WhenDown

    /// Whether the device works.
    public enum State: String, Sendable, Hashable, Codable { case working, down }

    /// While the device is down, announcements wait for it (each up to its time to live) or fail at once.
    public enum WhenDown: String, Sendable, Hashable, Codable { case wait, fail }

    enum CodingKeys: String, CodingKey {
        case device, state, problem, downSince = "down_since", outages, lastOutageMilliseconds = "last_outage_ms", whenDown = "when_down"
    }

    public init(device: String, state: State, problem: String?, downSince: String?, outages: Int, lastOutageMilliseconds: Int?, whenDown: WhenDown) {
        self.device = device
        self.state = state
        self.problem = problem
        self.downSince = downSince
        self.outages = outages
        self.lastOutageMilliseconds = lastOutageMilliseconds
        self.whenDown = whenDown
    }
}

/// Who is throttled and why, and the per-client limits in force.
public struct ThrottlingStatus: Sendable, Hashable, Codable {
    public var limits: Limits
    /// How many clients are throttled now.
    public var throttled: Int
    /// Requests refused so far, by the limit that refused them.
    public var refused: [String: Int]
    public var throttledClients: [ThrottledClient]

    enum CodingKeys: String, CodingKey { case limits, throttled, refused, throttledClients = "throttled_clients" }

    /// The per-client limits; nil for a limit that is off.
    public struct Limits: Sendable, Hashable, Codable {
        public var burst: Int?
        public var perSecond: Int?
        public var pending: Int?
        public var textBytes: Int?

        enum CodingKeys: String, CodingKey { case burst, perSecond = "per_second", pending, textBytes = "text_bytes" }

        public init(burst: Int?, perSecond: Int?, pending: Int?, textBytes: Int?) {
            self.burst = burst
            self.perSecond = perSecond
            self.pending = pending
            self.textBytes = textBytes
        }
    }

    /// A client that is throttled now.
    public struct ThrottledClient: Sendable, Hashable, Codable {
        public var client: Int
        public var wireProtocol: WireProtocolName?
        public var pid: Int?
        public var name: String?
        /// For how long it has been throttled.
        public var throttledFor: Milliseconds
        public var refused: Int
        public var pending: Int

        enum CodingKeys: String, CodingKey {
            case client, wireProtocol = "protocol", pid, name, throttledFor = "throttled_ms", refused, pending
        }

        public init(client: Int, wireProtocol: WireProtocolName?, pid: Int?, name: String?, throttledFor: Milliseconds, refused: Int, pending: Int) {
            self.client = client
            self.wireProtocol = wireProtocol
            self.pid = pid
            self.name = name
            self.throttledFor = throttledFor
            self.refused = refused
            self.pending = pending
        }
    }

    public init(limits: Limits, throttled: Int, refused: [String: Int], throttledClients: [ThrottledClient]) {
        self.limits = limits
        self.throttled = throttled
        self.refused = refused
        self.throttledClients = throttledClients
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(limits, forKey: .limits)
        try container.encode(throttled, forKey: .throttled)
        try container.encode(ReasonCounts(refused), forKey: .refused)
        try container.encode(throttledClients, forKey: .throttledClients)
    }
}

/// Counts by name, written in the names' order so a reply reads the same each time.
private struct ReasonCounts: Encodable {
    let counts: [String: Int]
    init(_ counts: [String: Int]) { self.counts = counts }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NameKey.self)
        for (name, count) in counts.sorted(by: { $0.key < $1.key }) { try container.encode(count, forKey: NameKey(stringValue: name)) }
    }
}

/// A key that is a name from the data, not a field of a type.
struct NameKey: CodingKey {
    let stringValue: String
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
    var intValue: Int? { nil }
}
