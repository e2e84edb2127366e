import AnnouncerClient
import AnnouncerCommandLine
import AnnouncerCore
import AnnouncerProtocol
import ArgumentParser
import Foundation

/// `announce status`: the running server's state in plain lines that read well aloud.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Say what the running server is doing: what speaks and waits, its clients, and which are throttled.",
        discussion: "Needs a running announcer server. --json prints the server's status reply as it came; docs/PROTOCOL.md describes its fields."
    )

    @Option(help: ArgumentHelp(
        "The server's socket. The default is $ANNOUNCER_SOCKET, else $XDG_RUNTIME_DIR/announcer/announcer.sock.",
        valueName: "PATH"))
    var socket: String?

    @Flag(help: "Print the status reply as one JSON object.")
    var json = false

    func run() throws {
        let reply: ServerLine
        do throws(ClientError) {
            let connection = try ServerConnection.connect(to: socket ?? SocketLocation.standard())
            defer { connection.close() }
            reply = try connection.request(JSONFragment.object([("request", .string("status"))]).encoded)
        } catch {
            throw CommandFailure(error.description)
        }
        guard reply.ok, let status = (try? JSONSerialization.jsonObject(with: Data(reply.text.utf8))) as? [String: Any] else {
            throw CommandFailure(reply.message ?? "The server's status reply could not be read.")
        }
        print(json ? reply.text : StatusText(status).lines.joined(separator: "\n"))
    }
}

/// The status reply as sentences, one a line, with no table characters.
struct StatusText {
    let status: [String: Any]

    init(_ status: [String: Any]) { self.status = status }

    var lines: [String] {
        var lines = ["announcerd \(status["version"] as? String ?? "?"), sink \(status["sink"] as? String ?? "?")."]
        if let speaking = status["speaking"] as? [String: Any] {
            lines.append("Speaking, \(speaking["politeness"] as? String ?? "?"), id \(speaking["id"] as? String ?? "?"): \(speaking["text"] as? String ?? "").")
        } else {
            lines.append("Speaking nothing.")
        }
        let waiting = status["waiting"] as? [String: Any] ?? [:]
        lines.append("Waiting: \(waiting["assertive"] as? Int ?? 0) assertive, \(waiting["polite"] as? Int ?? 0) polite.")
        let clients = status["clients"] as? Int ?? 0
        lines.append("\(Self.count(clients, "client", "clients")) connected.")
        lines += throttlingLines
        return lines
    }

    /// Who is throttled now, what was refused since the server started, and the limits.
    private var throttlingLines: [String] {
        guard let throttling = status["throttling"] as? [String: Any] else { return [] }
        var lines: [String] = []
        let throttled = throttling["throttled_clients"] as? [[String: Any]] ?? []
        lines.append(throttled.isEmpty ? "No client is throttled." : "\(Self.count(throttled.count, "client is", "clients are")) throttled now.")
        for client in throttled {
            var parts = ["Client \(client["client"] as? Int ?? 0)"]
            if let wire = client["protocol"] as? String { parts.append(wire == "ssip" ? "SSIP" : "JSON lines") }
            if let name = client["name"] as? String { parts.append(name) }
            if let pid = client["pid"] as? Int { parts.append("process \(pid)") }
            let seconds = ((client["throttled_ms"] as? Double ?? 0) / 100).rounded() / 10
            parts.append("throttled for \(seconds) seconds")
            parts.append("\(Self.count(client["refused"] as? Int ?? 0, "request", "requests")) refused")
            parts.append("\(Self.count(client["pending"] as? Int ?? 0, "announcement", "announcements")) waiting or speaking")
            lines.append(parts.joined(separator: ", ") + ".")
        }
        let refused = throttling["refused"] as? [String: Any] ?? [:]
        let reasons = [("rate", "for rate"), ("pending", "for too many waiting"), ("text_length", "for text length")]
        let counts = reasons.map { (refused[$0.0] as? Int ?? 0, $0.1) }
        if counts.allSatisfy({ $0.0 == 0 }) {
            lines.append("No announcement has been refused by the per-client limits.")
        } else {
            lines.append("Refused by the per-client limits since the server started: " + counts.map { "\($0.0) \($0.1)" }.joined(separator: ", ") + ".")
        }
        let limits = throttling["limits"] as? [String: Any] ?? [:]
        var limitParts: [String] = []
        if let burst = limits["burst"] as? Int, let perSecond = limits["per_second"] as? Int {
            limitParts.append("\(burst) announcements at once, then \(perSecond) a second")
        }
        if let pending = limits["pending"] as? Int { limitParts.append("\(pending) waiting or speaking") }
        if let text = limits["text_bytes"] as? Int { limitParts.append("texts of at most \(text) bytes") }
        lines.append(limitParts.isEmpty ? "Clients have no limits." : "Each client may send " + limitParts.joined(separator: "; ") + ".")
        return lines
    }

    private static func count(_ number: Int, _ one: String, _ many: String) -> String {
        "\(number) \(number == 1 ? one : many)"
    }
}
