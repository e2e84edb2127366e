public import AnnouncerCore
import Synchronization

/// How the lines of one `announce pipe` ended, so that on exit it can say, in one line, how many were
/// not spoken and why, instead of losing them quietly.
public final class PipeOutcomeTally: Sendable {
    private let counts = Mutex<[Outcome.Kind: Int]>([:])

    public init() {}

    /// Counts one line's outcome.
    public func record(_ outcome: Outcome.Kind) {
        counts.withLock { $0[outcome, default: 0] += 1 }
    }

    /// How many lines have ended.
    public var ended: Int { counts.withLock { $0.values.reduce(0, +) } }

    /// One sentence for standard error when any line was not spoken; nil when every line was heard.
    /// Lines replaced by newer ones (superseded), or cancelled by the pipe when an error came, are
    /// stale; lines silenced with `off:` were meant so. Short enough for one line of 80 cells.
    public var summary: String? {
        let counts = counts.withLock { $0 }
        let total = counts.values.reduce(0, +)
        let stale = counts[.superseded, default: 0] + counts[.cancelled, default: 0]
        let lost = counts.filter { ![.spoken, .superseded, .cancelled, .silenced].contains($0.key) && $0.value > 0 }
            .sorted { $0.value > $1.value || ($0.value == $1.value && $0.key.rawValue < $1.key.rawValue) }
        // "Of 61 lines, 59 were skipped as stale and 1 was not spoken (1 interrupted)."
        var parts: [String] = []
        if stale > 0 { parts.append("\(stale) \(stale == 1 ? "was" : "were") skipped as stale") }
        if !lost.isEmpty {
            let number = lost.reduce(0) { $0 + $1.value }
            let reasons = lost.map { "\($0.value) \($0.key.rawValue)" }.joined(separator: ", ")
            parts.append("\(number) \(number == 1 ? "was" : "were") not spoken (\(reasons))")
        }
        guard !parts.isEmpty else { return nil }
        return "Of \(total) \(total == 1 ? "line" : "lines"), " + parts.joined(separator: " and ") + "."
    }
}
