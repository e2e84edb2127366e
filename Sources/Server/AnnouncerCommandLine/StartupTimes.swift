import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// How long each stage of a program's start took, from `main` on, for the line that says it started:
/// "6.1 ms in all: voice profiles 2.3 ms, sockets 0.4 ms, …". Process start and shared libraries come
/// before `main` and are measured from outside (Benchmarks/README.md, "Cold start").
public final class StartupTimes: Sendable {
    private let stages = Mutex<(last: UInt64, marks: [(String, UInt64)])>((0, []))
    private let origin: UInt64

    public init() {
        origin = Self.now()
        stages.withLock { $0.last = origin }
    }

    /// Ends the stage called `name` now.
    public func mark(_ name: String) {
        let now = Self.now()
        stages.withLock { stages in
            stages.marks.append((name, now - stages.last))
            stages.last = now
        }
    }

    /// The stages in words, with the whole first.
    public var summary: String {
        let (last, marks) = stages.withLock { ($0.last, $0.marks) }
        let parts = marks.map { "\($0.0) \(Self.milliseconds($0.1))" }
        return "\(Self.milliseconds(last - origin)) in all: " + parts.joined(separator: ", ")
    }

    private static func milliseconds(_ nanoseconds: UInt64) -> String {
        let tenths = (nanoseconds + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10) ms"
    }

    private static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
