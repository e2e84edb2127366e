import Glibc

/// SIGTERM, SIGINT and SIGHUP, turned into a byte on a pipe that the main loop watches with its input,
/// so that a stop gives every volume back before the ducker exits. SIGPIPE is ignored.
enum Stopping {
    /// The pipe's end that becomes readable on a stop.
    nonisolated(unsafe) static var descriptor: Int32 = -1
    nonisolated(unsafe) private static var writeEnd: Int32 = -1

    static func install() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        descriptor = ends[0]
        writeEnd = ends[1]
        signal(SIGPIPE, SIG_IGN)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            var byte: UInt8 = 1
            _ = write(Stopping.writeEnd, &byte, 1)
        }
        for number in [SIGTERM, SIGINT, SIGHUP] { sigaction(number, &action, nil) }
    }
}
