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
        let reply = try connection.request(JSONRequest.status)
        guard let status = reply.body(StatusBody.self) else {
            throw CommandFailure(reply.reply?.message ?? "The server did not give its status; it may be older than this announce.")
        }
        if json {
            PlainOutput.line(reply.text)
        } else {
            for line in StatusLines(status).lines { PlainOutput.line(PlainLineWrapper.fitted(line)) }
        }
    }
}

/// The server's status reply as sentences, one per line, that read well aloud.
struct StatusLines {
    let lines: [String]

    init(_ status: StatusBody) {
        var lines: [String] = []
        lines.append("announcerd \(status.version), playing to \(status.sink).")
        if let speaking = status.speaking, status.audio.state == .down {
            // Nothing is heard while the device is down: its turn has come, not its sound.
            lines.append("Announcement \(speaking.id) is waiting for the audio device (\(speaking.politeness.rawValue), \(speaking.language)): \(speaking.text)")
        } else if let speaking = status.speaking {
            lines.append("Speaking announcement \(speaking.id) (\(speaking.politeness.rawValue), \(speaking.language)): \(speaking.text)")
        } else {
            lines.append("Speaking nothing.")
        }
        lines.append("Waiting: \(status.waiting.assertive) assertive, \(status.waiting.polite) polite.")
        lines.append("\(Self.count(status.clients, "client", "clients")) connected.")
        for client in status.clientList { lines += Self.share(of: client) }
        lines += Self.throttling(status.throttling)
        let ended = status.ended.counts.sorted { $0.key.rawValue < $1.key.rawValue }
        lines.append(ended.isEmpty ? "Nothing has ended yet." : "Ended so far: " + ended.map { "\($0.value) \($0.key.rawValue)" }.joined(separator: ", ") + ".")
        lines.append(Self.synthesis(status.synthesis))
        lines.append(contentsOf: Self.audio(status.audio))
        self.lines = lines
    }

    private static func synthesis(_ synthesis: SynthesisStatus) -> String {
        guard synthesis.isolated else {
            return "Synthesis runs inside the server, so a crash in eSpeak NG would stop it."
        }
        let pid = synthesis.workerPID.map { "process \($0)" } ?? "no process just now"
        var line = "Synthesis runs in the worker \(pid): "
            + count(synthesis.restarts ?? 0, "restart", "restarts") + ", "
            + count(synthesis.hangs ?? 0, "hang", "hangs") + ", "
            + count(synthesis.refusedInputs ?? 0, "refused input", "refused inputs") + "."
        if let last = synthesis.lastRestart { line += " Last restart: \(last)" }
        return line
    }

    private static func audio(_ audio: AudioStatus) -> [String] {
        guard audio.state == .down else {
            var line = "The audio device \(audio.device) works"
            if audio.outages > 0 {
                line += "; it stopped working " + (audio.outages == 1 ? "once" : "\(audio.outages) times")
                if let last = audio.lastOutageMilliseconds {
                    line += ", the last time for " + String(format: "%.1f", Double(last) / 1_000) + " seconds"
                }
            }
            return [line + "."]
        }
        let meanwhile = audio.whenDown == .fail
            ? "Announcements fail until it is back."
            : "Announcements wait for it, each up to its time to live."
        var lines = ["The audio device \(audio.device) is not working" + (audio.downSince.map { " since \($0)" } ?? "") + ". \(meanwhile)"]
        if let problem = audio.problem { lines.append("Its problem: \(problem)") }
        return lines
    }

    /// Who a client is, in words: its number, protocol, name and process.
    private static func identity(_ number: Int, _ wire: WireProtocolName?, _ name: String?, _ pid: Int?) -> [String] {
        var who = ["Client \(number)"]
        if let wire { who.append(wire == .ssip ? "SSIP" : "JSON lines") }
        if let name { who.append(name) }
        if let pid { who.append("process \(pid)") }
        return who
    }

    /// One client: who it is, what of it waits, and what of it was dropped and why.
    private static func share(of client: ClientShare) -> [String] {
        let who = identity(client.client, client.wireProtocol, client.name, client.pid)
        var lines = [who.joined(separator: ", ") + ": \(client.waiting.polite) polite and \(client.waiting.assertive) assertive waiting, \(client.dropped) dropped."]
        for reason in client.droppedReasons {
            lines.append("Client \(client.client) had \(reason.count) dropped for this reason: \(reason.reason)")
        }
        return lines
    }

    /// Who is throttled now, what was refused since the server started, and the limits.
    private static func throttling(_ throttling: ThrottlingStatus) -> [String] {
        var lines: [String] = []
        let throttled = throttling.throttledClients
        lines.append(throttled.isEmpty ? "No client is throttled." : "\(count(throttled.count, "client is", "clients are")) throttled now.")
        for client in throttled {
            var parts = identity(client.client, client.wireProtocol, client.name, client.pid)
            let seconds = (client.throttledFor.value / 100).rounded() / 10
            parts.append("throttled for \(seconds) seconds")
            parts.append("\(count(client.refused, "request", "requests")) refused")
            parts.append("\(count(client.pending, "announcement", "announcements")) waiting or speaking")
            lines.append(parts.joined(separator: ", ") + ".")
        }
        let reasons = [("rate", "for rate"), ("pending", "for too many waiting"), ("text_length", "for text length")]
        let counts = reasons.map { (throttling.refused[$0.0] ?? 0, $0.1) }
        if counts.allSatisfy({ $0.0 == 0 }) {
            lines.append("No announcement has been refused by the per-client limits.")
        } else {
            lines.append("Refused by the per-client limits since the server started: " + counts.map { "\($0.0) \($0.1)" }.joined(separator: ", ") + ".")
        }
        let limits = throttling.limits
        var limitParts: [String] = []
        if let burst = limits.burst, let perSecond = limits.perSecond {
            limitParts.append("\(burst) announcements at once, then \(perSecond) a second")
        }
        if let pending = limits.pending { limitParts.append("\(pending) waiting or speaking") }
        if let text = limits.textBytes { limitParts.append("texts of at most \(text) bytes") }
        lines.append(limitParts.isEmpty ? "Clients have no limits." : "Each client may send " + limitParts.joined(separator: "; ") + ".")
        return lines
    }

    private static func count(_ number: Int, _ one: String, _ many: String) -> String {
        "\(number) \(number == 1 ? one : many)"
    }
}
