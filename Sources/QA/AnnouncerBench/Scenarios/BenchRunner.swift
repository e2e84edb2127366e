public import AnnouncerClient
import AnnouncerEmbedded
import AnnouncerCore
import AnnouncerEngine
import Foundation

/// Runs scenarios against a speech destination and turns what its timeline shows into rows of the latency table.
///
/// A scenario is a scene, set once before its rounds and let go of after them (only the backlog has one),
/// and rounds: each sets its own scene, sends the measured announcement, waits until it is heard, and
/// cancels what it sent, so the next round starts from quiet. `announce bench` runs a scenario whole with
/// `run`; the Benchmarks package times each round itself with `measureOnce`.
public struct BenchRunner {
    public let destination: any SpeechDestination
    public let words: ScenarioWords
    /// Told, in words, what the bench is doing.
    public let progress: (String) -> Void

    /// Wraps the measured moment of a round, from just before the measured announcement is sent to when
    /// this thread hears that it was heard, so a harness can time exactly that.
    public typealias Timing = (_ moment: () throws -> Void) throws -> Void

    /// How long a measured announcement may take to be heard before it counts as never heard.
    public static let hearingTimeout: Duration = .seconds(5)
    /// How long cancelled announcements may take to end before the bench gives up.
    static let endingTimeout: Duration = .seconds(30)

    public init(destination: any SpeechDestination, words: ScenarioWords = .numbered, progress: @escaping (String) -> Void = { _ in }) {
        self.destination = destination
        self.words = words
        self.progress = progress
    }

    /// Runs one scenario `samples` times and makes its row; throws a `BenchError` when the destination stops
    /// answering or refuses a request. Run numbers go into the announcements' ids and words, so no id or text comes twice.
    public func run(_ scenario: BenchScenario, samples: Int) throws -> LatencyRow {
        let samples = max(1, samples)
        progress("Scenario \(scenario.title): measuring \(scenario.explanation), \(samples) \(samples == 1 ? "time" : "times").")
        do {
            var scene = try setScene(of: scenario, run: 0)
            if !scene.backlog.isEmpty {
                // For the row's note. Its reply comes once the destination has taken the whole backlog, so here,
                // unlike in `measureOnce`, the first assertive one never waits for the last polite ones to be taken.
                scene.waiting = try destination.waitingPolite()
            }
            let measured = try (0..<samples).map { try round(of: scenario, run: $0, timing: { try $0() }) }
            let notes = try letGo(of: scene)
            return scenario.row(samples: measured.map(sample), notes: notes)
        } catch let error as DestinationError {
            throw BenchError(error.description)
        }
    }

    /// Runs round `run` of the scenario with a scene of its own, set before it and let go of after it, and returns
    /// the measured announcement's sample. `timing` is handed the measured moment.
    public func measureOnce(_ scenario: BenchScenario, run: Int, timing: Timing) throws -> LatencySample {
        let scene = try setScene(of: scenario, run: run)
        let measured = try round(of: scenario, run: run, timing: timing)
        _ = try letGo(of: scene)
        return sample(measured)
    }

    private func sample(_ id: BenchID) -> LatencySample {
        LatencySample.measured(id.description, destination.timeline.times(of: id.description))
    }

    // MARK: Scenes

    /// What a scenario sets up before its rounds: the backlog's polite announcements, and how many of them waited
    /// when the rounds began, if that was asked.
    private struct Scene {
        var backlog: [String] = []
        var waiting: Int?
    }

    private func setScene(of scenario: BenchScenario, run: Int) throws -> Scene {
        guard scenario == .backlog else { return Scene() }
        let count = BenchScenario.backlogSize
        let fill = (0..<count).map { index in
            OutgoingAnnouncement(BenchID(.backlog, run: run, extra: "fill\(index)"), ScenarioWords.status(index), politeness: .polite)
        }
        try destination.speak(fill)
        return Scene(backlog: fill.map(\.id))
    }

    /// Ends what the scene sent, and returns the notes of the scenario's row.
    private func letGo(of scene: Scene) throws -> [String] {
        guard !scene.backlog.isEmpty else { return [] }
        try settle(scene.backlog)
        guard let waiting = scene.waiting else { return [] }
        var note = "\(waiting.withThousandsSeparators) of the \(scene.backlog.count.withThousandsSeparators) polite announcements were waiting when the first assertive one arrived."
        // Counted once every one has ended, since the server may send the outcomes after its status reply.
        let dropped = scene.backlog.count { destination.timeline.times(of: $0)?.outcome == .dropped }
        if dropped > 0 {
            note += " The queue's limit on waiting polite announcements dropped \(dropped.withThousandsSeparators), each with the outcome dropped; announcerd --max-waiting-polite raises it."
        }
        return [note]
    }

    // MARK: Rounds

    /// One round: sets its scene, measures one assertive announcement, and cancels all it sent. Returns the measured id.
    private func round(of scenario: BenchScenario, run: Int, timing: Timing) throws -> BenchID {
        let id = BenchID(scenario, run: run)
        let error = OutgoingAnnouncement(id, words.error(run), politeness: .assertive)
        switch scenario {
        case .idle, .backlog:
            try measure(id, timing: timing, sending: [error])
            try settle([id.description])

        case .cut:
            let polite = OutgoingAnnouncement(BenchID(.cut, run: run, extra: "polite"), words.longStatus(run), politeness: .polite)
            try hear(polite, as: "long polite announcement", else: "there was nothing to cut")
            // By now the sink's buffer is full and the polite one is in steady playback, as mid-sentence.
            Thread.sleep(forTimeInterval: 0.1)
            try measure(id, timing: timing, sending: [error])
            try settle([polite.id, id.description])

        case .clients:
            // The assertive one comes from a different client each run.
            let urgentClient = (run * 37) % BenchScenario.crowdSize
            let all = (0..<BenchScenario.crowdSize).map { client in
                client == urgentClient
                    ? error
                    : OutgoingAnnouncement(
                        BenchID(.clients, run: run, extra: "client\(client)"),
                        ScenarioWords.status(run * BenchScenario.crowdSize + client), politeness: .polite)
            }
            try measure(id, timing: timing, sending: all, fromSeparateClients: true)
            try settle(all.map(\.id))

        case .language, .sameLanguage:
            // Heard just before the measured Norwegian one: an English one, or another Norwegian one.
            let before = scenario == .language
                ? OutgoingAnnouncement(BenchID(scenario, run: run, extra: "english"), words.error(run), politeness: .assertive, language: .english)
                : OutgoingAnnouncement(BenchID(scenario, run: run, extra: "before"), words.passwordError(run), politeness: .assertive, language: .norwegianBokmal)
            try hear(before, as: "assertive announcement before the Norwegian one", else: "the Norwegian one would not have followed it")
            try settle([before.id])
            let norwegian = OutgoingAnnouncement(id, words.error(run, in: .norwegianBokmal), politeness: .assertive, language: .norwegianBokmal)
            try measure(id, timing: timing, sending: [norwegian])
            try settle([id.description])

        case .burst:
            let all = [error] + (1..<BenchScenario.crowdSize).map { index in
                OutgoingAnnouncement(BenchID(.burst, run: run, extra: "next\(index)"), words.error(run * 1_000 + index), politeness: .assertive)
            }
            try measure(id, timing: timing, sending: all)
            try settle(all.map(\.id))

        case .workerCrash:
            guard let engine = (destination as? EmbeddedDestination)?.engine else {
                throw BenchError("The scenario \(scenario.rawValue) kills the synthesis worker, so it runs only on an engine inside this process.")
            }
            // As after a crash in real use, which is rare: the standby that replaced the last dead worker is ready.
            for _ in 0..<400 where !engine.synthesisStandbyReady { Thread.sleep(forTimeInterval: 0.005) }
            let polite = OutgoingAnnouncement(BenchID(.workerCrash, run: run, extra: "polite"), ScenarioWords.crashingStatus(run), politeness: .polite)
            try hear(polite, as: "long polite announcement", else: "there was no synthesis to crash")
            guard let worker = engine.synthesisWorkerProcessID else {
                throw BenchError("The engine synthesizes in its own process, so there is no synthesis worker to crash.")
            }
            kill(worker, SIGKILL)
            try measure(id, timing: timing, sending: [error])
            try settle([polite.id, id.description])
        }
        return id
    }

    // MARK: Steps

    /// Within `timing`, sends the round's measured announcement `id` with those sent at the same moment, and waits
    /// until it is heard, or ends, or the timeout passes.
    private func measure(_ id: BenchID, timing: Timing, sending announcements: [OutgoingAnnouncement], fromSeparateClients: Bool = false) throws {
        try timing {
            if fromSeparateClients {
                try destination.speakFromSeparateClients(announcements)
            } else {
                try destination.speak(announcements)
            }
            destination.timeline.waitUntilHeardOrEnded(id.description, timeout: Self.hearingTimeout)
        }
    }

    /// Sends an announcement that sets the scene and waits until it is heard; throws, saying why the round
    /// cannot go on, when it is not.
    private func hear(_ announcement: OutgoingAnnouncement, as what: String, else consequence: String) throws {
        try destination.speak([announcement])
        guard destination.timeline.waitUntilHeardOrEnded(announcement.id, timeout: Self.hearingTimeout)?.audible != nil else {
            try ensureConnected()
            throw BenchError("The \(what), \(announcement.id), was not heard within \(Self.hearingTimeout), so \(consequence).")
        }
    }

    /// Cancels the announcements and waits until each has ended, so the next round starts from quiet.
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
}
