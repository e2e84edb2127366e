import AnnouncerCore
import AnnouncerProtocol
import Foundation
import ServerSeamSupport
import TestSupport
import Testing

/// `announce emacspeak` through announcerd's server in this process, on the fake engine, fed
/// Emacspeak's Tcl commands: what it sends, stops and says on standard error.
struct EmacspeakCommandTests {
    @Test("Through the server, s stops only Emacspeak's own speech: another client's announcement goes on and is spoken")
    func stopReachesOnlyItsOwnClient() throws {
        let server = try InProcessServer()
        defer { server.stop() }
        let listener = try SocketClient(path: server.socketPath)
        _ = listener.request(.subscribe)
        let other = try SocketClient(path: server.socketPath)
        _ = other.request(.speak(SpeakRequest(text: "Another client is speaking, and Emacspeak's stop must leave it alone.")))
        var seen = listener.readEvents(until: { $0.event == .firstAudio })
        let socket = server.socketPath
        let input = CommandInput()
        let emacspeak = RunningCommand { CommandRun.run(["emacspeak", "--socket", socket], input: input) }
        input.send("q {Emacspeak queued this behind the other client}\nd\n")
        seen += listener.readEvents(until: { $0.event == .received && $0.text.hasPrefix("Emacspeak queued") })
        input.send("s\n")
        input.close()
        let run = try #require(emacspeak.wait())
        #expect(run.status == 0 && run.output.error.isEmpty, "\(run.errorMessage) \(run.output.error)")
        var ends = seen.count { $0.event == .ended }
        if ends < 2 {
            seen += listener.readEvents(until: { event in
                if event.event == .ended { ends += 1 }
                return ends == 2
            })
        }
        let ended = seen.filter { $0.event == .ended }
        #expect(ended.first { $0.text.hasPrefix("Another client") }?.outcome == .spoken, "\(ended)")
        #expect(ended.first { $0.text.hasPrefix("Emacspeak queued") }?.outcome == .cancelled, "\(ended)")
    }

    @Test("Through the server, a line the server refuses is one sentence on standard error, in its words, even at the end of input; the next is spoken")
    func serverRefusalIsOneLineAndSpeechGoesOn() throws {
        let server = try InProcessServer { $0.clientLimits.maxTextBytes = 40 }
        defer { server.stop() }
        let listener = try SocketClient(path: server.socketPath)
        _ = listener.request(.subscribe)
        // At the end of its input it still tells the refusals the server has yet to send.
        let run = CommandRun.run(["emacspeak", "--socket", server.socketPath],
                                 input: "q {This line is much longer than the forty bytes the server takes}\nd\nq {Short enough}\nd\n")
        #expect(run.status == 0, "\(run.errorMessage) \(run.output.error)")
        let lines = run.output.errorLines
        #expect(lines.count == 1 && lines.first?.hasPrefix("announcer: ") == true && lines.first?.contains("40") == true, "\(run.output.error)")
        let ended = listener.readEvents(until: { $0.event == .ended }).filter { $0.event == .ended }
        #expect(ended.map(\.text) == ["Short enough"] && ended.first?.outcome == .spoken, "\(ended)")
    }

    @Test("Every command in a log captured from Emacspeak 53 is understood: nothing on standard error")
    func capturedLogIsUnderstood() throws {
        let server = try InProcessServer()
        defer { server.stop() }
        let log = try String(contentsOfFile: Repository.path("Tests/Clients/emacspeak-53-session.log"), encoding: .utf8)
        let run = CommandRun.run(["emacspeak", "--socket", server.socketPath], input: log)
        #expect(run.status == 0, "\(run.errorMessage)")
        #expect(run.output.error.isEmpty, "\(run.output.error)")
    }

    @Test("Input that ends inside a command's open braces is one sentence on standard error; what came before is spoken")
    func commandLeftOpenAtTheEndIsToldNotLost() throws {
        let server = try InProcessServer()
        defer { server.stop() }
        let listener = try SocketClient(path: server.socketPath)
        _ = listener.request(.subscribe)
        let run = CommandRun.run(["emacspeak", "--socket", server.socketPath], input: "tts_say {Before}\nq {never closed\n")
        #expect(run.status == 0, "\(run.errorMessage) \(run.output.error)")
        #expect(run.output.error == "announcer: The input ended inside a command whose braces never closed, so that command was skipped.\n")
        let before = listener.readEvents(until: { $0.event == .ended })
        #expect(before.last?.text == "Before" && before.last?.outcome == .spoken, "Before was not spoken: \(before)")
    }

    @Test("announce emacspeak clamps numbers too large for Int with one sentence each, where it once died of SIGILL, and goes on speaking")
    func emacspeakHugeNumbersAreClamped() throws {
        let server = try InProcessServer()
        defer { server.stop() }
        let listener = try SocketClient(path: server.socketPath)
        _ = listener.request(.subscribe)
        // s drops the 10 s silence and 10 s tone the clamped numbers queued, so only the words are heard.
        let input = "tts_set_speech_rate 1e19\nsh 99999999999999999999\nt 1e30 1e30\ns\ntts_sync_state all 1 1 0 1e19\nq {Still here}\nd\n"
        let run = CommandRun.run(["emacspeak", "--socket", server.socketPath], input: input)
        #expect(run.status == 0, "\(run.errorMessage) \(run.output.error)")
        let sentences = run.output.errorLines.filter { $0.contains("too large to use") }
        #expect(sentences == [
            "announcer: The command \"tts_set_speech_rate\" gave the number 1e19, too large to use, so it was taken as 450.",
            "announcer: The command \"sh\" gave the number 99999999999999999999, too large to use, so it was taken as 10000.",
            "announcer: The command \"t\" gave the number 1e30, too large to use, so it was taken as 20000.",
            "announcer: The command \"tts_sync_state\" gave the number 1e19, too large to use, so it was taken as 450.",
        ], "\(run.output.error)")
        let words = listener.readEvents(until: { $0.event == .ended && $0.text == "Still here" })
        #expect(words.last?.text == "Still here" && words.last?.outcome == .spoken, "the queued words were not spoken after the numbers: \(words)")
    }
}
