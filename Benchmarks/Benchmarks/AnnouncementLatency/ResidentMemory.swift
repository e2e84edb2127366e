import Foundation

/// Reads this process's resident memory from /proc/self/statm.
enum ResidentMemory {
    /// Resident memory in bytes, or 0 if /proc cannot be read.
    static func bytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        // The second field is the resident set, in pages.
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Resident memory in kilobytes of 1,000 bytes, as the benchmarks report it.
    static func kilobytes() -> Int { bytes() / 1_000 }
}
