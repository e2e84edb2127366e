import AnnouncerCore

/// The standard situations in which the bench measures how soon an assertive announcement is heard.
///
/// `announce bench` runs those in `announceBench`; the Benchmarks package registers every one of them.
public enum BenchScenario: String, CaseIterable, Sendable {
    /// Nothing speaks or waits.
    case idle
    /// A long polite announcement is speaking and the assertive one cuts it.
    case cut
    /// 10,000 polite announcements were sent just before.
    case backlog
    /// 100 clients send at the same moment; one of them sends the assertive announcement.
    case clients
    /// The announcement before was English; the measured one is Norwegian.
    case language
    /// The announcement before was Norwegian too: beside `language`, what switching languages costs.
    case sameLanguage = "same-language"
    /// One client sends 100 assertive announcements back to back; the first is measured.
    case burst
    /// The synthesis worker was killed while it synthesized a long polite announcement; needs an embedded engine.
    case workerCrash = "worker-crash"

    /// The scenarios `announce bench` runs and accepts.
    ///
    /// Without `workerCrash`, which kills the synthesis worker: a client of a server cannot reach it, and on a
    /// shared server it would break other clients' speech, which the bench promises to leave alone. Without
    /// `sameLanguage`, which only serves to read the `language` figure beside it in one Benchmarks run.
    public static let announceBench: [BenchScenario] = [.idle, .cut, .backlog, .clients, .language, .burst]

    /// The scenario's name for people, at the start of its row.
    public var title: String {
        switch self {
        case .idle: "Idle"
        case .cut: "Cutting a long polite utterance"
        case .backlog: "10,000 polite waiting"
        case .clients: "100 clients at once"
        case .language: "Language switch, English to Norwegian"
        case .sameLanguage: "Same language, Norwegian after Norwegian"
        case .burst: "Burst of 100 assertive"
        case .workerCrash: "Just after the synthesis worker crashed"
        }
    }

    /// What is measured in it, in one sentence, for `announce bench --help` and the README.
    public var explanation: String {
        switch self {
        case .idle: "an assertive announcement when nothing speaks or waits"
        case .cut: "an assertive announcement that cuts a long polite one, 100 ms after the polite one became audible"
        case .backlog: "an assertive announcement after 10,000 polite ones were sent"
        case .clients: "an assertive announcement sent by one of 100 clients at the same moment as 99 polite ones"
        case .language: "a Norwegian assertive announcement right after an English one"
        case .sameLanguage: "a Norwegian assertive announcement right after another Norwegian one"
        case .burst: "the first of 100 assertive announcements sent back to back by one client"
        case .workerCrash: "an assertive announcement sent just after the synthesis worker was killed while it synthesized a long polite one"
        }
    }

    /// What a reader of this scenario's row should know however it was produced.
    var standingNotes: [String] {
        switch self {
        case .burst:
            ["One client's assertive announcements never cut each other, so the other \(Self.crowdSize - 1) of each burst wait their turn; only the first is measured."]
        default: []
        }
    }

    /// The scenario's row of the latency table, held to the 500 ms bound: how the bench and the Benchmarks judge it.
    public func row(samples: [LatencySample], notes: [String] = []) -> LatencyRow {
        LatencyRow(name: rawValue, title: title, bound: LatencyReport.assertiveBound, samples: samples, notes: notes + standingNotes)
    }

    /// How many polite announcements the backlog scenario sends.
    public static let backlogSize = 10_000
    /// How many clients, and how many announcements in a burst.
    public static let crowdSize = 100
}
