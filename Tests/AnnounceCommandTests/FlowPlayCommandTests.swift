import AnnouncerCore
import AnnouncerProtocol
import Foundation
import SeamTestSupport
import ServerSeamSupport
import Testing
import TestSupport

/// `announce flow play` in this process, through announcerd's server on the fake engine, its keys from
/// a pipe: a flow it cannot play is one sentence and a failing status; a played flow is plain lines in
/// the flow's language. EndToEndTests keeps playing in a real terminal, with a real engine.
@Suite struct FlowPlayCommandTests {
    @Test("A flow file that cannot be read is a plain message and a non-zero exit")
    func unreadableFlowFails() throws {
        let server = try InProcessServer()
        defer { server.stop() }
        let run = CommandRun.run(["flow", "play", "--socket", server.socketPath, "/nonexistent/flow.yaml"])
        #expect(run.status != 0)
        #expect(run.errorMessage.contains("/nonexistent/flow.yaml"), "\(run.errorMessage)")
        #expect(!run.errorMessage.contains("\u{1B}"))
        // Nothing was played: not one line of play's own.
        #expect(run.output.output.isEmpty, "\(run.output.output)")
    }

    @Test("A flow of a real page is refused in one sentence that names web check, before anything is spoken")
    func pageFlowIsSentToWebCheck() throws {
        let server = try InProcessServer()
        defer { server.stop() }
        let file = Repository.path("Flows/web/login.en.yaml")
        let run = CommandRun.run(["flow", "play", "--socket", server.socketPath, file])
        #expect(run.status == 1)
        #expect(run.errorMessage.hasPrefix("\(file) is a flow of the real page "), "\(run.errorMessage)")
        #expect(run.errorMessage.hasSuffix("; check it with announce web check \(file)."), "\(run.errorMessage)")
        #expect(server.synthesizer.spoken.value.isEmpty)
    }

    /// announcerd's server on the fake engine, with the duplicate filter off, as flow play turns it off in
    /// the engine it starts itself: a screen reader reads an element again however soon it comes back to it.
    static func server() throws -> InProcessServer {
        var policy = LiveRegionPolicy.standard
        policy.duplicateWindow = .zero
        return try InProcessServer(policy: policy)
    }

    /// A private folder for a test's files.
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("play-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Each announcement a timeline file holds, in the order it arrived: its received event, and its end.
    static func announcements(inTimeline path: String) throws -> [(received: EventLine, ended: EventLine?)] {
        let events = try EventLine.parse(String(contentsOfFile: path, encoding: .utf8))
        return events.filter { $0.event == .received }.map { received in
            (received, events.first { $0.id == received.id && $0.event == .ended })
        }
    }

    @Test("From a pipe, keys are read as they come, the output is plain lines without one escape byte, and an error lets play go on")
    func playsFromAPipeWithoutEscapes() throws {
        let server = try Self.server()
        defer { server.stop() }
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let events = "\(folder)/piped-events.jsonl"
        let keys = "r" + "\u{1B}[C" + "\t" + "t" + "kari.nordmann\n" + "\u{1B}[C\t\t" + "\u{1B}[C" + "\r" + "x" + "\u{1B}[Z"
        let run = CommandRun.run(["flow", "play", "--socket", server.socketPath, "--events", events, Repository.path("Flows/login.en.yaml")], input: keys)
        #expect(run.status == 0, "\(run.errorMessage) \(run.output.error)")
        #expect(!run.output.output.contains("\u{1B}"))
        #expect(!run.output.error.contains("\u{1B}"))
        #expect(run.output.outputLines == [
            "Playing Sign in, in English, on the screen Sign in.",
            "Keys: right arrow or Tab next, left arrow or Shift-Tab previous, Enter or Space",
            "  activate, t type, r repeat, h hints, q quit.",
            "Speaking through the announcer server at \(server.socketPath).",
            "Nothing has focus yet; move to an element first.",
            "Blindeforbundet, heading",
            "Email address, text field",
            "Type into Email address, then press Enter:",
            "Email address, kari.nordmann, text field",
            "Password, secure text field",
            "Show password, switch button, off",
            "Sign in, button",
            "Last element.",
            "Announcement (assertive): Error: Must be a valid email address",
            "Email address, kari.nordmann, text field. Error: Must be a valid email address",
            "That key does nothing here; press question mark for the keys.",
            "Blindeforbundet, heading",
            "End of input; stopped playing Sign in.",
        ])
        // At the end of input everything sent has ended; the error was spoken in full, assertively.
        let spoken = try Self.announcements(inTimeline: events)
        #expect(!spoken.isEmpty && spoken.allSatisfy { $0.ended != nil }, "\(spoken)")
        let error = spoken.first { $0.received.text == "Error: Must be a valid email address" }
        #expect(error?.received.politeness == .assertive)
        #expect(error?.ended?.outcome == .spoken)
        #expect(spoken.last?.ended?.outcome == .spoken)
    }

    @Test("In a Norwegian flow every line play prints is in Bokmål, and a typed password is never shown")
    func playsANorwegianFlowInBokmal() throws {
        let server = try Self.server()
        defer { server.stop() }
        let keys = "r" + "\u{1B}[C" + "\t" + "tkari.nordmann\n" + "\u{1B}[C" + "themmelig1\n" + "\u{1B}[C\u{1B}[C\u{1B}[C" + "x" + "h" + "\u{1B}[Z" + "h"
        let run = CommandRun.run(["flow", "play", "--socket", server.socketPath, Repository.path("Flows/login.nb.yaml")], input: keys)
        #expect(run.status == 0, "\(run.errorMessage) \(run.output.error)")
        let lines = run.output.outputLines
        #expect(lines == [
            "Spiller av flyten «Logg inn» på norsk bokmål. Skjermbilde: «Logg inn».",
            "Taster: pil høyre eller Tab: neste, pil venstre eller Shift-Tab: forrige, Enter",
            "  eller mellomromstasten: aktiver, t: skriv, r: les på nytt, h: hint av/på, q:",
            "  avslutt.",
            "Leser opp gjennom announcer-serveren på \(server.socketPath).",
            "Ingenting har fokus ennå; gå til et element først.",
            "Blindeforbundet, overskrift",
            "E-postadresse, tekstfelt",
            "Skriv inn i «E-postadresse», og trykk Enter:",
            "E-postadresse, kari.nordmann, tekstfelt",
            "Passord, sikkert tekstfelt",
            "Skriv inn i «Passord», og trykk Enter:",
            "Passord, 9 tegn, sikkert tekstfelt",
            "Vis passord, bryter, av",
            "Logg inn, knapp",
            "Siste element.",
            "Den tasten gjør ingenting her; trykk spørsmålstegn for å høre tastene.",
            "Hint på",
            "Vis passord, bryter, av",
            "Hint av",
            "Slutt på inndata; stoppet avspillingen av «Logg inn».",
        ])
        #expect(!run.output.output.contains("hemmelig1"))
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.filter { $0.count > 80 })")
    }

    @Test("A Norwegian profile gives the words for hints: Hint på, Hint av")
    func hintsWordsAreNorwegianForANorwegianFlow() throws {
        let server = try Self.server()
        defer { server.stop() }
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let flow = "\(folder)/innlogging.nb.yaml"
        try """
        flow: Logg inn
        language: nb
        screens:
          - id: innlogging
            title: Logg inn
            elements:
              - id: e-post
                role: text_field
                label: E-postadresse
                hint: Adressen du registrerte deg med.
        """.write(toFile: flow, atomically: true, encoding: .utf8)
        let run = CommandRun.run(["flow", "play", "--socket", server.socketPath, flow], input: "h\th")
        #expect(run.status == 0, "\(run.errorMessage) \(run.output.error)")
        let lines = run.output.outputLines
        #expect(lines.first == "Spiller av flyten «Logg inn» på norsk bokmål. Skjermbilde: «Logg inn».")
        #expect(Array(lines.dropFirst(5).prefix(3)) == ["Hint på", "E-postadresse, tekstfelt. Adressen du registrerte deg med.", "Hint av"], "\(lines)")
    }
}
