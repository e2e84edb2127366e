/// The ids `announce bench` gives its announcements, so a recorded timeline tells which were measured.
///
/// `bench.idle.7` is the seventh measured announcement of the idle scenario; `bench.idle.7.before` and
/// `bench.backlog.0.fill123` are announcements made around it, which set the scene and are not measured.
public struct BenchID: Sendable, Equatable, CustomStringConvertible {
    public var scenarioName: String
    public var run: Int
    /// Nil for the measured announcement; a word for those that set the scene.
    public var extra: String?

    public init(_ scenario: BenchScenario, run: Int, extra: String? = nil) {
        scenarioName = scenario.rawValue
        self.run = run
        self.extra = extra
    }

    /// Reads an id; nil when it is not one of the bench's.
    public init?(_ id: String) {
        let parts = id.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 || parts.count == 4, parts[0] == "bench", let run = Int(parts[2]), run >= 0 else { return nil }
        scenarioName = String(parts[1])
        self.run = run
        extra = parts.count == 4 ? String(parts[3]) : nil
    }

    public var scenario: BenchScenario? { BenchScenario(rawValue: scenarioName) }
    public var isMeasured: Bool { extra == nil }
    public var description: String { "bench.\(scenarioName).\(run)" + (extra.map { ".\($0)" } ?? "") }
}
