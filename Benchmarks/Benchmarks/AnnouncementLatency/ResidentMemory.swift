import Foundation

/// Reads this process's resident memory from /proc/self/statm.
enum ResidentMemory {
    /// Resident memory in bytes, or 0 if /proc cannot be read.
    static func bytes() -> Int { bytes(of: "self") }

    /// Resident memory of this process and every process below it (the synthesis worker), in bytes.
    static func bytesOfAllProcesses() -> Int {
        var total = 0
        var pending = ["self"]
        while let process = pending.popLast() {
            total += bytes(of: process)
            pending += children(of: process)
        }
        return total
    }

    /// The pids of the processes `process` started, from each of its threads' `children` file.
    private static func children(of process: String) -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process)/task")) ?? []
        return tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/\(process)/task/\(task)/children", encoding: .utf8)) ?? "").split(separator: " ").map(String.init)
        }
    }

    private static func bytes(of process: String) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(process)/statm", encoding: .utf8) else { return 0 }
        // The second field is the resident set, in pages.
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Resident memory in kilobytes of 1,000 bytes, as the benchmarks report it.
    static func kilobytes() -> Int { bytes() / 1_000 }
}
