import TestSupport
import AnnouncerCore
import AnnouncerProtocol
import Foundation
import Testing

/// Fenrir's own Speech Dispatcher driver (Debian's `fenrir` package), unmodified, as Fenrir calls it.
let fenrirInstalled: Bool = ProcessInfo.processInfo.environment["CI"] == "true"
    || FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/fenrirscreenreader/speechDriver/speechdDriver.py")

@Suite(.serialized, .startsProcesses, .enabled(if: fenrirInstalled, "Fenrir is installed (CI installs it)"))
struct FenrirDriverTests {
    /// Tests/Clients/fenrir_driver_client.py: loads Fenrir's speechdDriver.py and replays Fenrir's calls.
    static let script = Repository.path("Tests/Clients/fenrir_driver_client.py")

    @Test("Fenrir's driver speaks in English, Swedish and Norwegian, with a voice type, cancels, and shuts down, with no error")
    func fenrirDriverWorksUnchanged() async throws {
        let server = try await ServerProcess.start()
        defer { server.end() }
        let listener = try SocketClient(path: server.socketPath)
        _ = listener.request(.subscribe)
        let run = try await ProgramRun.run(
            SSIPClientTests.python, [Self.script, "--quiet-debug"],
            environment: ["SPEECHD_ADDRESS": "unix_socket:\(server.socketPath)", "LC_ALL": "C.UTF-8"], timeout: 120)
        #expect(run.status == 0, "\(run.standardOutput)\n\(run.standardError)")
        #expect(run.standardOutput.contains("failed") && run.standardOutput.contains("and 0 failed."), "\(run.standardOutput)")

        // The server heard each language as Fenrir set it with SYNTHESIS_VOICE, and the long text was cut.
        let events = await listener.events(until: { $0.event == .ended && $0.text.hasPrefix("Fenrir defaults again") }, timeout: 60)
        func received(_ text: String) -> EventLine? {
            events.first { $0.event == .received && $0.text == text }
        }
        #expect(received("Hello from Fenrir.")?.language == .english)
        #expect(received("Hej från Fenrir.")?.language.rawValue == "sv")
        #expect(received("Hei fra Fenrir.")?.language == .norwegianBokmal)
        let cut = events.filter { $0.event == .ended && $0.text.contains("still speaking it") }
        #expect(cut.first?.outcome != .spoken, "\(cut)")
        #expect(!server.standardErrorText.contains("rror"), "\(server.standardErrorText)")
    }
}
