import Glibc

/// The ducker's log: one plain line on standard error, which is announcerd's log.
enum DuckLog {
    static func say(_ sentence: String) {
        let line = "announcer-duck: \(sentence)\n"
        _ = Array(line.utf8).withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
