import TestSupport
import AnnouncerClient
import AnnouncerCore
import Foundation
import Spawning
import Testing

/// `announce flow play`, driven as a tester drives it, in a real terminal (tmux), with an engine inside
/// announce. Playing from a pipe, in English and in Bokmål, is AnnounceCommandTests' `FlowPlayCommandTests`.
@Suite(.serialized, .startsProcesses) struct FlowPlayTests {
    static let loginFlow = Repository.path("Flows/login.en.yaml")

    /// What the login flow says, step by step, as the seed's steps expect it.
    static let loginPhrases = [
        "Blindeforbundet, heading",
        "Email address, text field",
        "Email address, kari.nordmann, text field",
        "Password, secure text field",
        "Password, 9 characters, secure text field",
        "Show password, switch button, off",
        "Hide password, switch button, on",
        "Sign in, button",
        "Error: Must be a valid email address",
        "Email address, kari.nordmann, text field. Error: Must be a valid email address",
    ]

    @Test(
        "In a terminal, stepping through the login flow shows and speaks each phrase in order, and an invalid submit speaks the error assertively",
        .enabled(if: TmuxSession.isInstalled, "tmux is not installed; scripts/install-deps installs it.")
    )
    func playsLoginFlowInATerminal() async throws {
        let events = temporaryPath("play-events.jsonl")
        // After announce, the shell shows its exit status and whether the terminal's line editing and echo are back.
        let report = #""$0" "$@"; echo "Exit status $?."; stty -a | tr ' ;' '\n\n' | grep -x -e '-*icanon' -e '-*echo'"#
        let command = ["/bin/sh", "-c", report, AnnounceProcess.executable.path,
                       "flow", "play", "--embedded", "--sink", "null", "--events", events, Self.loginFlow]
        let terminal = try TmuxSession(command: command)
        defer { terminal.kill() }
        let timeline = TimelineFile(path: events)

        try #require(await terminal.waitForLine { $0.hasPrefix("Playing Sign in, in English") }, "\(terminal.screen())")
        try #require(await terminal.waitForLine { $0 == "Speaking with an engine inside announce, playing to null." }, "\(terminal.screen())")
        // Each key, the line it must bring to the screen, and the phrase that must then be heard.
        func press(_ keys: [String], shows line: String, speaks text: String? = nil) async throws {
            terminal.send(keys)
            try #require(await terminal.waitForLine { $0 == line }, "After \(keys) the screen should show \"\(line)\":\n\(terminal.screen())")
            if let text {
                try #require(await timeline.wait { $0.heard(text) }, "\"\(text)\" was not heard:\n\(timeline.text)")
            }
        }
        func type(_ text: String, into field: String, speaks phrase: String) async throws {
            try await press(["t"], shows: "Type into \(field), then press Enter:")
            terminal.send(literally: text)
            try await press(["Enter"], shows: phrase, speaks: phrase)
        }
        try await press(["Right"], shows: Self.loginPhrases[0], speaks: Self.loginPhrases[0])
        try await press(["Tab"], shows: Self.loginPhrases[1], speaks: Self.loginPhrases[1])
        try await type("kari.nordmann", into: "Email address", speaks: Self.loginPhrases[2])
        try await press(["Right"], shows: Self.loginPhrases[3], speaks: Self.loginPhrases[3])
        try await type("hemmelig1", into: "Password", speaks: Self.loginPhrases[4])
        // A secure field's typing is not echoed: the password never reaches the screen.
        #expect(!terminal.screen().contains("hemmelig1"), "\(terminal.screen())")
        try await press(["Tab"], shows: Self.loginPhrases[5], speaks: Self.loginPhrases[5])
        try await press(["Space"], shows: Self.loginPhrases[6], speaks: Self.loginPhrases[6])
        try await press(["Right"], shows: Self.loginPhrases[7], speaks: Self.loginPhrases[7])
        try await press(["Right"], shows: "Last element.")
        // The invalid submit: the app's error, then the field it moved focus to, both heard to the end.
        try await press(["Enter"], shows: "Announcement (assertive): \(Self.loginPhrases[8])")
        try #require(await terminal.waitForLine { $0 == Self.loginPhrases[9] }, "\(terminal.screen())")
        try #require(await timeline.wait(seconds: 30) { $0.ended(Self.loginPhrases[8]) && $0.ended(Self.loginPhrases[9]) }, "\(timeline.text)")
        try await press(["h"], shows: "Hints on", speaks: "Hints on")
        try await press(["q"], shows: "Stopped playing Sign in.")
        #expect(await terminal.waitUntilEnded(), "announce flow play did not end after q")
        let after = terminal.screen().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(after.contains("Exit status 0."))
        // The terminal is as it was: canonical input and echo, not -icanon and -echo.
        #expect(after.contains("icanon") && after.contains("echo"), "\(after.suffix(4))")

        // The screen: every phrase, one plain line each, in order.
        let lines = terminal.screen().split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0).trimmingCharacters(in: .whitespaces)
        }
        var searchFrom = 0
        for phrase in Self.loginPhrases {
            let line = phrase.hasPrefix("Error:") ? "Announcement (assertive): \(phrase)" : phrase
            let found = lines[searchFrom...].firstIndex(of: line)
            #expect(found != nil, "\"\(line)\" is not on the screen after line \(searchFrom):\n\(lines.joined(separator: "\n"))")
            searchFrom = (found ?? searchFrom) + 1
        }

        // The speech: the same phrases, heard in the same order; the error assertive and spoken in full.
        let spoken = timeline.announcements()
        #expect(spoken.map(\.text) == Self.loginPhrases + ["Hints on"])
        for announcement in spoken {
            #expect(announcement.heard, "\"\(announcement.text)\" was never heard")
        }
        let error = spoken.first { $0.text == Self.loginPhrases[8] }
        #expect(error?.politeness == .assertive)
        #expect(error?.outcome == .spoken)
        #expect(spoken.first { $0.text == Self.loginPhrases[9] }?.outcome == .spoken)
    }
}

/// A tmux server of its own (its own socket), running one command in a 120 by 40 window.
final class TmuxSession {
    static let path = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static var isInstalled: Bool { path != nil }

    let socket = "announce-play-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"

    init(command: [String]) throws {
        let quoted = command.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        // remain-on-exit keeps the last screen to read once announce has ended.
        let status = tmux(["-f", "/dev/null", "new-session", "-d", "-s", "play", "-x", "120", "-y", "40", quoted, ";",
                           "set-option", "-t", "play", "remain-on-exit", "on"])
        try #require(status == 0, "tmux could not start a session")
    }

    /// Keys by tmux's names: Right, Left, Tab, BTab, Enter, Space, or a letter.
    func send(_ keys: [String]) { tmux(["send-keys", "-t", "play"] + keys) }

    func send(literally text: String) { tmux(["send-keys", "-t", "play", "-l", text]) }

    /// The window's text and its history, with lines the window wrapped joined again.
    func screen() -> String {
        var output = ""
        tmux(["capture-pane", "-p", "-J", "-S", "-1000", "-t", "play"], output: &output)
        return output
    }

    /// Waits up to `seconds` for a line of the screen, trimmed, to match.
    func waitForLine(seconds: Double = 15, _ matches: (String) -> Bool) async -> Bool {
        await poll(seconds: seconds) {
            screen().split(separator: "\n").contains { matches(String($0).trimmingCharacters(in: .whitespaces)) }
        }
    }

    /// Waits for the command in the window to exit.
    func waitUntilEnded(seconds: Double = 15) async -> Bool {
        await poll(seconds: seconds) {
            var output = ""
            tmux(["display-message", "-p", "-t", "play", "#{pane_dead}"], output: &output)
            return output.hasPrefix("1")
        }
    }

    func kill() { tmux(["kill-server"]) }

    /// Runs tmux and waits for it. Spawned through `ChildProcess` (no signal blocked, every one at its
    /// default) rather than with `Process`, which passes on the calling thread's blocked signals: a tmux server started with SIGCHLD and SIGHUP blocked never
    /// notices its pane end and never ends the pane's process. Only commands that answer get a pipe:
    /// the first one starts the server, which would hold a pipe open for as long as it runs.
    @discardableResult
    private func tmux(_ arguments: [String], output: UnsafeMutablePointer<String>? = nil) -> Int32 {
        let path = Self.path ?? "/usr/bin/tmux"
        var child = ChildProcess(executable: path, arguments: ["-L", socket] + arguments, environment: AnnounceProcess.hermeticEnvironment)
        // Standard error to /dev/null; standard output too, unless the command answers.
        child.standardError = .null
        let pipe = output == nil ? nil : ChildProcess.pipe()
        if output != nil {
            guard let pipe else { return -1 }
            child.standardOutput = .descriptor(pipe.writing)
        }
        let spawned = Result { () throws(SpawnError) in try child.spawn() }
        if let pipe { close(pipe.writing) }
        guard case let .success(pid) = spawned else {
            if let pipe { close(pipe.reading) }
            return -1
        }
        if let output, let pipe {
            var data = Data()
            var chunk = [UInt8](repeating: 0, count: 4096)
            while let count = chunk.withUnsafeMutableBytes({ SystemCall.read(pipe.reading, into: $0) }), count > 0 {
                data.append(contentsOf: chunk[0..<count])
            }
            close(pipe.reading)
            output.pointee = String(decoding: data, as: UTF8.self)
        }
        var status: Int32 = 0
        _ = SystemCall.retrying { waitpid(pid, &status, 0) }
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
    }
}

/// Polls `condition` every 50 milliseconds until it holds or `seconds` pass.
private func poll(seconds: Double, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        // Not a wait: the pace of the looks at a condition that sends no word when it holds.
        try? await Task.sleep(for: .milliseconds(50))
    }
    return condition()
}

/// A JSON-lines timeline that is still being written: read again on each look.
struct TimelineFile {
    let path: String

    struct Spoken {
        let id: AnnouncementID
        var text = ""
        var politeness: Politeness?
        var heard = false
        var outcome: Outcome.Kind?
    }

    var text: String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    /// Each announcement, in the order it arrived; a line still half written is left for the next look.
    func announcements() -> [Spoken] {
        var order: [AnnouncementID] = []
        var byID: [AnnouncementID: Spoken] = [:]
        for line in text.split(separator: "\n") {
            guard let event = ServerLine(String(line)).event else { continue }
            let id = event.id
            if byID[id] == nil { order.append(id) }
            var spoken = byID[id] ?? Spoken(id: id)
            spoken.text = event.text
            spoken.politeness = event.politeness
            if event.event == .firstAudio { spoken.heard = true }
            if event.event == .ended { spoken.outcome = event.outcome }
            byID[id] = spoken
        }
        return order.compactMap { byID[$0] }
    }

    func wait(seconds: Double = 15, until condition: (TimelineFile) -> Bool) async -> Bool {
        await poll(seconds: seconds) { condition(self) }
    }

    func heard(_ text: String) -> Bool { announcements().contains { $0.text == text && $0.heard } }
    func ended(_ text: String) -> Bool { announcements().contains { $0.text == text && $0.outcome != nil } }
}
