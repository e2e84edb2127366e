import TestSupport
import AnnouncerCore
import AnnouncerProtocol
import Foundation
import Testing

/// Every signal a user or the system may send announcerd has a defined, logged effect; none leaves it half-alive.
/// SIGHUP's reload of the voice profiles is `VoiceReloadOnFakeEngineTests`, in the test's process, and the
/// real signal's way to it is `HostileInputFilesTests`.
@Suite(.serialized, .startsProcesses) struct ServerSignalTests {
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
