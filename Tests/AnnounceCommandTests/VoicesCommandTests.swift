import AnnouncerVoices
import Foundation
import ServerSeamSupport
import Testing
import TestSupport

/// `announce voices` against announcerd's server in this process: the profiles the server speaks with,
/// one plain line each, and the files it left out.
@Suite struct VoicesCommandTests {
    @Test("announce voices prints one plain line per profile with its files, and exits 1 when a file was left out")
    func announceVoicesListsProfiles() throws {
        // A user's voices folder, as announcerd --voices gets it: Swedish added, a broken Norwegian override,
        // and a good English one.
        let voices = "/tmp/voices-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: voices, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: voices) }
        try "name: Svenska\nespeak_voice: sv\n".write(toFile: "\(voices)/sv.yaml", atomically: true, encoding: .utf8)
        try "language: nb\nrate: 900\n".write(toFile: "\(voices)/nb.yaml", atomically: true, encoding: .utf8)
        try "lexicon:\n  Kari: Karianne\n".write(toFile: "\(voices)/en.yaml", atomically: true, encoding: .utf8)
        let server = try InProcessServer(voices: .standard(extra: [voices], environment: [:]))
        defer { server.stop() }
        let run = CommandRun.run(["voices", "--socket", server.socketPath])
        #expect(run.status == 1)
        let lines = run.output.output.unwrapped.split(separator: "\n").map(String.init)
        #expect(lines.first == "The server's voice profiles:", "\(lines)")
        #expect(lines.contains { $0.hasPrefix("sv, Svenska: eSpeak NG voice sv, rate 175") && $0.hasSuffix("Read from \(voices)/sv.yaml.") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("Left out: \(voices)/nb.yaml, line 2:") }, "\(lines)")
        #expect(!run.output.output.contains("\u{1B}"))
    }
}
