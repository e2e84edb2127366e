import AnnouncerVoices
import Foundation
import ServerSeamSupport
import TestSupport
import Testing

/// `announce voices` against announcerd's server in this process, which speaks with a user's voices folder.
struct VoicesCommandTests {
    /// A user's voices folder: Swedish added, a broken Norwegian override, and a good English one.
    static func userVoices() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("announce-voices-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "name: Svenska\nespeak_voice: sv\n".write(toFile: "\(directory)/sv.yaml", atomically: true, encoding: .utf8)
        try "language: nb\nrate: 900\n".write(toFile: "\(directory)/nb.yaml", atomically: true, encoding: .utf8)
        try "lexicon:\n  Kari: Karianne\n".write(toFile: "\(directory)/en.yaml", atomically: true, encoding: .utf8)
        return directory
    }

    @Test("announce voices prints one plain line per profile with its files, and exits 1 when a file was left out")
    func announceVoicesListsProfiles() throws {
        let voices = try Self.userVoices()
        defer { try? FileManager.default.removeItem(atPath: voices) }
        let server = try InProcessServer(voices: .standard(extra: [voices]))
        defer { server.stop() }
        let run = CommandRun.run(["voices", "--socket", server.socketPath])
        #expect(run.status == 1)
        let lines = run.output.output.unwrapped.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("sv, Svenska: eSpeak NG voice sv, rate 175") && $0.hasSuffix("Read from \(voices)/sv.yaml.") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("Left out: \(voices)/nb.yaml, line 2:") }, "\(lines)")
        #expect(!run.output.output.contains("\u{1B}"))
    }
}
