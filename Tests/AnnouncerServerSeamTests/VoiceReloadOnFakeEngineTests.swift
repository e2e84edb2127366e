import AnnouncerCore
import AnnouncerProtocol
import AnnouncerVoices
import Foundation
import ServerSeamSupport
import TestSupport
import Testing

/// The reload of voice profiles that SIGHUP asks of announcerd's server, in this process: the server's
/// own reload and its log lines, which announcerd's handler calls. The real signal's way to them is
/// EndToEndTests' `HostileInputFilesTests` (SIGHUP with a bad profile).
struct VoiceReloadOnFakeEngineTests {
    @Test("Reloading on SIGHUP uses the changed profiles and logs what changed; a profile with a problem keeps the old ones; the server lives")
    func hangupReloadsVoices() throws {
        let voices = "/tmp/ansr-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: voices, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: voices) }
        let file = voices + "/en.yaml"
        try "language: en\nlexicon:\n  Blindeforbundet: Blinde forbundet\n".write(toFile: file, atomically: true, encoding: .utf8)
        // What announcerd --voices DIR loads at start, and again at each SIGHUP.
        let server = try InProcessServer(voices: .standard(extra: [voices]))
        defer { server.stop() }
        let client = try SocketClient(path: server.socketPath)
        func englishEntries() -> Int? {
            let voices = client.request(.voices)?.body(VoicesBody.self)?.voices
            return voices?.first { $0.language == .english }?.lexiconEntries
        }
        let before = try #require(englishEntries())

        try "language: en\nlexicon:\n  Blindeforbundet: Blinde forbundet\n  Fenrir: Fen rir\n".write(toFile: file, atomically: true, encoding: .utf8)
        server.server.reloadVoicesOnHangup(.standard(extra: [voices]))
        #expect(server.logText.contains("Reloaded the voice profiles on SIGHUP. Voices changed en."), "\(server.logText)")
        #expect(englishEntries() == before + 1)

        try "language: en\nlexicon: [not, a, mapping\n".write(toFile: file, atomically: true, encoding: .utf8)
        server.server.reloadVoicesOnHangup(.standard(extra: [voices]))
        #expect(server.logText.contains("The voice profiles were not reloaded on SIGHUP and stay as they were. Voices problem \(file)"), "\(server.logText)")
        #expect(englishEntries() == before + 1)
        #expect(server.answers)
    }
}
