import Foundation
import JSONLineEncoding

/// The one line announcerd writes to its standard output once it serves everyone, when that is a pipe:
/// data for the tests and scripts reading it, where people read the log's "Started" entry. A terminal,
/// a log file or the journal never gets it, so every line there fits 80 cells.
///
/// `{"event":"ready","version":"…","pid":1234,"sockets":["/run/user/1000/announcer/announcer.sock"]}`
public struct ServerReadiness: Sendable, Hashable, Codable {
    /// Always `ready`, so the line says what it is.
    public var event = "ready"
    public var version: String
    /// The server's process id, as systemd's MAINPID.
    public var pid: Int32
    /// Every socket it serves on: JSON lines and SSIP first, then any for SSIP only.
    public var sockets: [String]

    public init(version: String, pid: Int32, sockets: [String]) {
        self.version = version
        self.pid = pid
        self.sockets = sockets
    }

    /// Whether this process's standard output is a pipe, which a program reads: where the line goes.
    public static var standardOutputIsAPipe: Bool {
        var status = stat()
        return fstat(STDOUT_FILENO, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO
    }

    /// The line, ending in a newline.
    public var line: String {
        // Strings, a number and an array of strings always encode.
        (try! JSONLineEncoder().encode(self)) + "\n"
    }

    /// The readiness `line` holds, or nil when it holds anything else.
    public init?(line: some StringProtocol) {
        guard line.hasPrefix("{"),
              let readiness = try? JSONDecoder().decode(Self.self, from: Data(line.utf8)),
              readiness.event == "ready" else { return nil }
        self = readiness
    }
}
