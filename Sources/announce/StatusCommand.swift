import AnnouncerClient
import AnnouncerCommandLine
import AnnouncerProtocol
import ArgumentParser
import Foundation

/// `announce status`: what the running server is doing, and how its synthesis and audio have fared.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Say what the running server is doing: what speaks and waits, its clients and which are throttled, and whether synthesis and audio work.",
        discussion: """
        Needs a running announcer server. Prints plain lines: what is speaking and waiting, the \
        clients, the outcomes so far, the synthesis worker's restarts and refused inputs, and whether \
        the audio device works. --json prints the server's status reply as it came (docs/PROTOCOL.md).
        """
    )

    @OptionGroup var server: ServerSocketOption

    @Flag(help: "Print the status reply as one JSON line.")
    var json = false

    func run() throws {
        let connection = try server.connect()
        defer { connection.close() }
        let reply = try connection.request(#"{"request":"status"}"#)
        guard reply.ok, let status = (try? JSONSerialization.jsonObject(with: Data(reply.text.utf8))) as? [String: Any] else {
            throw CommandFailure(reply.message ?? "The server did not give its status.")
        }
        if json {
            print(reply.text)
        } else {
            for line in StatusLines(status).lines { print(line) }
        }
    }
}

/// The server's status reply as sentences, one per line, that read well aloud.
struct StatusLines {
    let lines: [String]

    init(_ status: [String: Any]) {
        var lines: [String] = []
        let version = status["version"] as? String ?? "of unknown version"
        lines.append("announcerd \(version), playing to \(status["sink"] as? String ?? "an unknown sink").")
        if let speaking = status["speaking"] as? [String: Any] {
            let text = speaking["text"] as? String ?? ""
            lines.append("Speaking announcement \(speaking["id"] as? String ?? "?") (\(speaking["politeness"] as? String ?? "?"), \(speaking["lang"] as? String ?? "?")): \(text)")
        } else {
            lines.append("Speaking nothing.")
        }
        let waiting = status["waiting"] as? [String: Any] ?? [:]
        lines.append("Waiting: \(waiting["assertive"] as? Int ?? 0) assertive, \(waiting["polite"] as? Int ?? 0) polite.")
        lines.append("\(Self.count(status["clients"] as? Int ?? 0, "client", "clients")) connected.")
        for client in status["client_list"] as? [[String: Any]] ?? [] { lines += Self.share(of: client) }
        lines += Self.throttling(status["throttling"] as? [String: Any])
        let ended = (status["ended"] as? [String: Int] ?? [:]).sorted { $0.key < $1.key }
        lines.append(ended.isEmpty ? "Nothing has ended yet." : "Ended so far: " + ended.map { "\($0.value) \($0.key)" }.joined(separator: ", ") + ".")
        lines.append(Self.synthesis(status["synthesis"] as? [String: Any]))
        if let audio = status["audio"] as? [String: Any] { lines.append(contentsOf: Self.audio(audio)) }
        self.lines = lines
    }

    private static func synthesis(_ synthesis: [String: Any]?) -> String {
        guard let synthesis, synthesis["isolated"] as? Bool == true else {
            return "Synthesis runs inside the server, so a crash in eSpeak NG would stop it."
        }
        let pid = (synthesis["worker_pid"] as? Int).map { "process \($0)" } ?? "no process just now"
        var line = "Synthesis runs in the worker \(pid): "
            + count(synthesis["restarts"] as? Int ?? 0, "restart", "restarts") + ", "
            + count(synthesis["hangs"] as? Int ?? 0, "hang", "hangs") + ", "
            + count(synthesis["refused_inputs"] as? Int ?? 0, "refused input", "refused inputs") + "."
        if let last = synthesis["last_restart"] as? String { line += " Last restart: \(last)" }
        return line
    }

    private static func audio(_ audio: [String: Any]) -> [String] {
        let device = audio["device"] as? String ?? "?"
        let outages = audio["outages"] as? Int ?? 0
        guard audio["state"] as? String == "down" else {
            var line = "The audio device \(device) works"
            if outages > 0 {
                line += "; it stopped working " + (outages == 1 ? "once" : "\(outages) times")
                if let last = audio["last_outage_ms"] as? Int {
                    line += ", the last time for " + String(format: "%.1f", Double(last) / 1_000) + " seconds"
                }
            }
            return [line + "."]
        }
        let meanwhile = audio["when_down"] as? String == "fail"
            ? "Announcements fail until it is back."
            : "Announcements wait for it, each up to its time to live."
        var lines = ["The audio device \(device) is not working" + ((audio["down_since"] as? String).map { " since \($0)" } ?? "") + ". \(meanwhile)"]
        if let problem = audio["problem"] as? String { lines.append("Its problem: \(problem)") }
        return lines
    }

    /// One client: who it is, what of it waits, and what of it was dropped and why.
    private static func share(of client: [String: Any]) -> [String] {
        let number = client["client"] as? Int ?? 0
        var who = ["Client \(number)"]
        if let wire = client["protocol"] as? String { who.append(wire == "ssip" ? "SSIP" : "JSON lines") }
        if let name = client["name"] as? String { who.append(name) }
        if let pid = client["pid"] as? Int { who.append("process \(pid)") }
        let waiting = client["waiting"] as? [String: Any] ?? [:]
        let polite = waiting["polite"] as? Int ?? 0, assertive = waiting["assertive"] as? Int ?? 0
        let dropped = client["dropped"] as? Int ?? 0
        var lines = [who.joined(separator: ", ") + ": \(polite) polite and \(assertive) assertive waiting, \(dropped) dropped."]
        for reason in client["dropped_reasons"] as? [[String: Any]] ?? [] {
            lines.append("Client \(number) had \(reason["count"] as? Int ?? 0) dropped for this reason: \(reason["reason"] as? String ?? "unknown.")")
        }
        return lines
    }

    /// Who is throttled now, what was refused since the server started, and the limits.
    private static func throttling(_ throttling: [String: Any]?) -> [String] {
        guard let throttling else { return [] }
        var lines: [String] = []
        let throttled = throttling["throttled_clients"] as? [[String: Any]] ?? []
        lines.append(throttled.isEmpty ? "No client is throttled." : "\(count(throttled.count, "client is", "clients are")) throttled now.")
        for client in throttled {
            var parts = ["Client \(client["client"] as? Int ?? 0)"]
            if let wire = client["protocol"] as? String { parts.append(wire == "ssip" ? "SSIP" : "JSON lines") }
            if let name = client["name"] as? String { parts.append(name) }
            if let pid = client["pid"] as? Int { parts.append("process \(pid)") }
            let seconds = ((client["throttled_ms"] as? Double ?? 0) / 100).rounded() / 10
            parts.append("throttled for \(seconds) seconds")
            parts.append("\(count(client["refused"] as? Int ?? 0, "request", "requests")) refused")
            parts.append("\(count(client["pending"] as? Int ?? 0, "announcement", "announcements")) waiting or speaking")
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
