import AnnouncerCore
import AnnouncerProtocol
import AnnouncerVoices
import Foundation
import ServerSeamSupport
import TestSupport
import Testing

/// The voices request of announcerd's server in this process: the profiles as `--voices` adds them,
/// the files each was read from, and the files left out, as the log says at start. Profile logic,
/// which needs no eSpeak NG; a real server with the same folder is EndToEndTests' `VoicesThroughServerTests`.
struct VoicesRequestOnFakeEngineTests {
    /// A user's voices folder: Swedish added, a broken Norwegian override, and a good English one.
    static func userVoices() throws -> String {
        let directory = "/tmp/ansv-\(UUID().uuidString.prefix(8))/voices"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "name: Svenska\nespeak_voice: sv\n".write(toFile: "\(directory)/sv.yaml", atomically: true, encoding: .utf8)
        try "language: nb\nrate: 900\n".write(toFile: "\(directory)/nb.yaml", atomically: true, encoding: .utf8)
        try "lexicon:\n  Kari: Karianne\n".write(toFile: "\(directory)/en.yaml", atomically: true, encoding: .utf8)
        return directory
    }

    @Test("A server started with a broken profile in --voices logs its file and line, and speaks the language it added")
    func brokenProfileIsLoggedAndTheRestSpeaks() throws {
        let voices = try Self.userVoices()
        defer { try? FileManager.default.removeItem(atPath: (voices as NSString).deletingLastPathComponent) }
        let server = try InProcessServer(voices: .standard(extra: [voices]))
        defer { server.stop() }
        #expect(server.logText.contains("A voice profile was left out. Voices problem \(voices)/nb.yaml, line 2: rate is 900; use a whole number from 80 to 450."), "\(server.logText)")
        let client = try SocketClient(path: server.socketPath)
        let id = try #require(client.request(#"{"request":"speak","text":"Hej då","lang":"sv","rate":450,"follow":true}"#)?.id)
        let events = client.readEvents(until: isEnd(of: id))
        #expect(events.last?.outcome == .spoken)
        #expect(events.first?.language.rawValue == "sv")
    }

    @Test("The voices request lists each profile with the files it was read from, and the files left out")
    func voicesRequestListsSources() throws {
        let voices = try Self.userVoices()
        defer { try? FileManager.default.removeItem(atPath: (voices as NSString).deletingLastPathComponent) }
        // announcerd takes its default language from LANG=nb_NO.UTF-8 so (VoicesThroughServerTests).
        let server = try InProcessServer(voices: .standard(extra: [voices])) { $0.defaultLanguage = .norwegianBokmal }
        defer { server.stop() }
        let client = try SocketClient(path: server.socketPath)
        let reply = try #require(client.request(.voices))
        #expect(reply.reply?.ok == true)
        let body = try #require(reply.body(VoicesBody.self), "\(reply.text)")
        #expect(body.defaultLanguage == .norwegianBokmal)
        let list = body.voices
        #expect(list.map(\.language.rawValue) == ["en", "nb", "sv"])
        let sources = list.map(\.sources)
        #expect(sources[0].count == 2 && sources[0][1] == "\(voices)/en.yaml")
        #expect(sources[1].count == 1 && sources[1][0].hasSuffix("Voices/nb.yaml"))
        #expect(sources[2] == ["\(voices)/sv.yaml"])
        #expect(body.problems.first?.hasPrefix("\(voices)/nb.yaml, line 2") == true)
    }
}
