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
    /// stale; lines silenced with `off:` were meant so.
    public var summary: String? {
        let counts = counts.withLock { $0 }
        let total = counts.values.reduce(0, +)
        let stale = counts[.superseded, default: 0] + counts[.cancelled, default: 0]
        let lost = counts.filter { ![.spoken, .superseded, .cancelled, .silenced].contains($0.key) && $0.value > 0 }
            .sorted { $0.value > $1.value || ($0.value == $1.value && $0.key.rawValue < $1.key.rawValue) }
        var parts: [String] = []
        if stale > 0 {
            parts.append("\(stale) of \(total) lines \(stale == 1 ? "was" : "were") skipped as stale, replaced by newer lines before their turn")
        }
        if !lost.isEmpty {
            let number = lost.reduce(0) { $0 + $1.value }
            let reasons = lost.map { "\($0.value) \($0.key.rawValue)" }.joined(separator: ", ")
            parts.append("\(number) of \(total) lines \(number == 1 ? "was" : "were") not spoken (\(reasons))")
        }
        guard !parts.isEmpty else { return nil }
        return parts.joined(separator: "; ") + "."
    }
}
