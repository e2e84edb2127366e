import AnnouncerClient
import AnnouncerCore
import Foundation

/// Runs scenarios against a speech destination and turns what its timeline shows into rows of the latency table.
public struct BenchRunner {
    public let destination: any SpeechDestination
    /// Measured announcements per scenario.
    public let samples: Int
    /// Told, in words, what the bench is doing.
    public let progress: (String) -> Void

    /// How long a measured announcement may take to be heard before it counts as never heard.
    public static let hearingTimeout: Duration = .seconds(5)
    /// How long cancelled announcements may take to end before the bench gives up.
    static let endingTimeout: Duration = .seconds(30)

    public init(destination: any SpeechDestination, samples: Int, progress: @escaping (String) -> Void = { _ in }) {
        self.destination = destination
        self.samples = max(1, samples)
        self.progress = progress
    }

    /// Runs one scenario `samples` times and makes its row; throws a `BenchError` when the destination stops
    /// answering or refuses a request.
    public func run(_ scenario: BenchScenario) throws -> LatencyRow {
        progress("Scenario \(scenario.title): measuring \(scenario.explanation), \(samples) \(samples == 1 ? "time" : "times").")
        do {
            let (samples, notes) = try measure(scenario, runs: 0..<samples)
            return scenario.row(samples: samples, notes: notes)
        } catch let error as DestinationError {
            throw BenchError(error.description)
        }
    }

    /// Runs one scenario once for each run number, and returns each measured announcement's sample.
    /// Run numbers go into the announcements' ids and words, so no id or text comes twice.
    private func measure(_ scenario: BenchScenario, runs: Range<Int>) throws -> (samples: [LatencySample], notes: [String]) {
        var notes: [String] = []
        let measured: [BenchID]
        switch scenario {
        case .idle: measured = try runIdle(runs)
        case .cut: measured = try runCut(runs)
        case .backlog: (measured, notes) = try runBacklog(runs)
        case .clients: measured = try runClients(runs)
        case .language: measured = try runLanguageSwitch(runs)
        case .burst: measured = try runBurst(runs)
        }
        let samples = measured.map { LatencySample.measured($0.description, destination.timeline.times(of: $0.description)) }
        return (samples, notes)
    }

    // MARK: Scenarios

    private func runIdle(_ runs: Range<Int>) throws -> [BenchID] {
        try runs.map { run in
            let id = BenchID(.idle, run: run)
            try measure(OutgoingAnnouncement(id, Self.error(run), politeness: .assertive))
            try settle([id.description])
            return id
        }
    }

    private func runCut(_ runs: Range<Int>) throws -> [BenchID] {
        try runs.map { run in
            let polite = BenchID(.cut, run: run, extra: "polite")
            try destination.speak([OutgoingAnnouncement(polite, Self.longStatus(run), politeness: .polite)])
            guard destination.timeline.waitUntilHeardOrEnded(polite.description, timeout: Self.hearingTimeout)?.audible != nil else {
                try ensureConnected()
                throw BenchError("The long polite announcement \(polite) was not heard within \(Self.hearingTimeout), so there was nothing to cut.")
            }
            // By now the sink's buffer is full and the polite one is in steady playback, as mid-sentence.
            Thread.sleep(forTimeInterval: 0.1)
            let id = BenchID(.cut, run: run)
            try measure(OutgoingAnnouncement(id, Self.error(run), politeness: .assertive))
            try settle([polite.description, id.description])
            return id
        }
    }

    private func runBacklog(_ runs: Range<Int>) throws -> ([BenchID], [String]) {
        let count = BenchScenario.backlogSize
        let fill = (0..<count).map { index in
            OutgoingAnnouncement(BenchID(.backlog, run: runs.lowerBound, extra: "fill\(index)"), "Message \(index + 1) of \(count.withThousandsSeparators).", politeness: .polite)
        }
        try destination.speak(fill)
        let waiting = try destination.waitingPolite()
        var note = "\(waiting.withThousandsSeparators) of the \(count.withThousandsSeparators) polite announcements were waiting when the first assertive one arrived."
        let measured = try runs.map { run in
            let id = BenchID(.backlog, run: run)
            try measure(OutgoingAnnouncement(id, Self.error(run), politeness: .assertive))
            try settle([id.description])
            return id
        }
        try settle(fill.map(\.id))
        // Counted once every one has ended, since the server may send the outcomes after its status reply.
        let dropped = fill.count { destination.timeline.times(of: $0.id)?.outcome == "dropped" }
        if dropped > 0 {
            note += " The queue's limit on waiting polite announcements dropped \(dropped.withThousandsSeparators), each with the outcome dropped; announcerd --max-waiting-polite raises it."
        }
        return (measured, [note])
    }

    private func runClients(_ runs: Range<Int>) throws -> [BenchID] {
        let count = BenchScenario.crowdSize
        return try runs.map { run in
            // The assertive one comes from a different client each run.
            let urgentClient = (run * 37) % count
            let id = BenchID(.clients, run: run)
            let requests = (0..<count).map { client in
                client == urgentClient
                    ? OutgoingAnnouncement(id, Self.error(run), politeness: .assertive)
                    : OutgoingAnnouncement(BenchID(.clients, run: run, extra: "client\(client)"), "Client \(client + 1) has update \(run + 1).", politeness: .polite)
            }
            try destination.speakFromSeparateClients(requests)
            destination.timeline.waitUntilHeardOrEnded(id.description, timeout: Self.hearingTimeout)
            try settle(requests.map(\.id))
            return id
        }
    }

    private func runLanguageSwitch(_ runs: Range<Int>) throws -> [BenchID] {
        try runs.map { run in
            let english = BenchID(.language, run: run, extra: "english")
            try destination.speak([OutgoingAnnouncement(english, Self.error(run), politeness: .assertive, language: .english)])
            destination.timeline.waitUntilHeardOrEnded(english.description, timeout: Self.hearingTimeout)
            try settle([english.description])
            let id = BenchID(.language, run: run)
            try measure(OutgoingAnnouncement(id, Self.error(run, in: .norwegianBokmal), politeness: .assertive, language: .norwegianBokmal))
            try settle([id.description])
            return id
        }
    }

    private func runBurst(_ runs: Range<Int>) throws -> [BenchID] {
        try runs.map { run in
            let id = BenchID(.burst, run: run)
            let requests = (0..<BenchScenario.crowdSize).map { index in
                index == 0
                    ? OutgoingAnnouncement(id, Self.error(run), politeness: .assertive)
                    : OutgoingAnnouncement(BenchID(.burst, run: run, extra: "next\(index)"), Self.error(run * 1_000 + index), politeness: .assertive)
            }
            try destination.speak(requests)
            destination.timeline.waitUntilHeardOrEnded(id.description, timeout: Self.hearingTimeout)
            try settle(requests.map(\.id))
            return id
        }
    }

    // MARK: Steps

    /// Sends one announcement and waits until it is heard, or ends, or the timeout passes.
    private func measure(_ request: OutgoingAnnouncement) throws {
        try destination.speak([request])
        destination.timeline.waitUntilHeardOrEnded(request.id, timeout: Self.hearingTimeout)
    }

    /// Cancels the announcements and waits until each has ended, so the next sample starts from quiet.
    private func settle(_ names: [String]) throws {
        let open = names.filter { destination.timeline.times(of: $0)?.outcome == nil }
        if !open.isEmpty { try destination.cancel(open) }
        guard destination.timeline.waitUntilEnded(names, timeout: Self.endingTimeout) else {
            try ensureConnected()
            throw BenchError("Some of the bench's announcements had not ended \(Self.endingTimeout) after they were cancelled, so the bench stopped.")
        }
    }

    /// Throws the plain reason when the destination's connection closed, which explains any wait that failed.
    private func ensureConnected() throws {
        if destination.timeline.isClosed { throw BenchError(ClientError.connectionClosed.description) }
    }

    // MARK: Texts

    /// Each run's words differ, so the queue never takes one for a duplicate of the run before.
    static func error(_ run: Int, in language: Language = .english) -> String {
        switch language {
        case .norwegianBokmal: "Feil \(run + 1): Skriv inn en gyldig e-postadresse."
        default: "Error \(run + 1): Must be a valid email address."
        }
    }

    static func longStatus(_ run: Int) -> String {
        "Update \(run + 1). Checking your sign-in details. Please wait while we contact the server. This can take a little while on a slow connection, so please do not close this page."
    }
}
