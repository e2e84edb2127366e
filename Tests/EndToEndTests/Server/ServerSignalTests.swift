import TestSupport
import AnnouncerCore
import AnnouncerProtocol
import Foundation
import Testing

/// Every signal a user or the system may send announcerd has a defined, logged effect; none leaves it half-alive.
@Suite(.serialized, .startsProcesses) struct ServerSignalTests {
    @Test("SIGHUP reloads the voice profiles and logs what changed; a profile with a problem keeps the old ones; the server lives")
    func hangupReloadsVoices() async throws {
        let voices = ServerProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: voices) }
        let file = voices + "/en.yaml"
        try "language: en\nlexicon:\n  Blindeforbundet: Blinde forbundet\n".write(toFile: file, atomically: true, encoding: .utf8)
        let server = try await ServerProcess.start(arguments: ["--voices", voices])
        defer { server.end() }
        let client = try SocketClient(path: server.socketPath)
        func englishEntries() -> Int? {
            let voices = client.request(.voices)?.body(VoicesBody.self)?.voices
            return voices?.first { $0.language == .english }?.lexiconEntries
        }
        let before = try #require(englishEntries())

        try "language: en\nlexicon:\n  Blindeforbundet: Blinde forbundet\n  Fenrir: Fen rir\n".write(toFile: file, atomically: true, encoding: .utf8)
        kill(server.process.processIdentifier, SIGHUP)
        #expect(await waitFor({ server.standardErrorText.contains("Reloaded the voice profiles on SIGHUP. Voices changed en.") }, seconds: 10), "\(server.standardErrorText)")
        #expect(englishEntries() == before + 1)

        try "language: en\nlexicon: [not, a, mapping\n".write(toFile: file, atomically: true, encoding: .utf8)
        kill(server.process.processIdentifier, SIGHUP)
        #expect(await waitFor({ server.standardErrorText.contains("The voice profiles were not reloaded on SIGHUP and stay as they were. Voices problem ") }, seconds: 10), "\(server.standardErrorText)")
        #expect(englishEntries() == before + 1)
        #expect(server.process.isRunning)
    }

    @Test("SIGUSR1 and SIGUSR2 are ignored with a log line, and the server goes on speaking")
    func userSignalsAreIgnoredWithALogLine() async throws {
        let server = try await ServerProcess.start()
        defer { server.end() }
        for (number, name) in [(SIGUSR1, "SIGUSR1"), (SIGUSR2, "SIGUSR2")] {
            kill(server.process.processIdentifier, number)
            #expect(await waitFor({ server.standardErrorText.contains("Ignored a signal that has no meaning for announcerd, which goes on running. Signal \(name).") }, seconds: 10), "\(server.standardErrorText)")
        }
        let client = try SocketClient(path: server.socketPath)
        let id = try #require(client.request(#"{"request":"speak","text":"Still here","rate":450,"follow":true}"#)?.id)
        #expect(await client.events(until: isEnd(of: id)).last?.outcome == .spoken)
    }

    @Test("A fatal signal from outside ends the server at once with one log line, status 128 + signal, and no socket file left", arguments: [
        (SIGSEGV, "SIGSEGV"), (SIGABRT, "SIGABRT"), (SIGBUS, "SIGBUS"),
    ])
    func fatalSignalEndsAtOnce(signal: (number: Int32, name: String)) async throws {
        let server = try await ServerProcess.start()
        let started = Date()
        let status = await server.stop(signal: signal.number)
        #expect(Date().timeIntervalSince(started) < 2)
        #expect(status == 128 + signal.number)
        let lines = server.standardErrorText.split(separator: "\n").filter { !$0.contains("listening on") }
        #expect(lines == ["announcerd: Stopped at once by \(signal.name), a fatal signal; its socket files are removed and it exits with status \(128 + signal.number)."], "\(server.standardErrorText)")
        #expect(!FileManager.default.fileExists(atPath: server.socketPath))
        #expect(!FileManager.default.fileExists(atPath: server.socketPath + ".lock"))
    }
}
