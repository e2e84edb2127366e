import AnnouncerCore
import AnnouncerProtocol
import AnnouncerVoices
import Foundation
import ServerSeamSupport
import TestSupport
import Testing

/// A voice profile that is an alias bomb, in the user's configuration folder, as announcerd's start
/// reads it: the server in this process, on the fake engine, with the profiles announcerd loads. The
/// same bomb read again on a real SIGHUP is EndToEndTests' `HostileInputFilesTests`.
struct HostileVoiceProfileOnFakeEngineTests {
    static let aliasSentence = "Its aliases (*name) expand it to more than 250000 values; a voice profile may hold at most 250000, so it was not read."

    @Test("A server with an alias bomb in its XDG_CONFIG_HOME starts, says so in one line naming the file and the limit, and speaks with the shipped profile",
          arguments: ["words", "complex key"])
    func bombAtStartLeavesTheShippedProfile(bomb: String) throws {
        let home = "/tmp/ansh-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: "\(home)/announcer/voices", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let file = "\(home)/announcer/voices/en.yaml"
        try (bomb == "words" ? HostileYAML.wordsBomb : "language: en\n" + HostileYAML.complexKeyBomb).write(toFile: file, atomically: true, encoding: .utf8)
        // What announcerd reads at start with XDG_CONFIG_HOME set so.
        let environment = ProcessInfo.processInfo.environment.merging(["XDG_CONFIG_HOME": home]) { $1 }
        let server = try InProcessServer(voices: .standard(environment: environment))
        defer { server.stop() }
        #expect(server.logText.contains("A voice profile was left out. Voices problem \(file), line "), "\(server.logText)")
        #expect(server.logText.contains(Self.aliasSentence), "\(server.logText)")
        let client = try SocketClient(path: server.socketPath)
        let sources = try #require(client.request(.voices)?.body(VoicesBody.self)?.voices.first { $0.language == .english }?.sources)
        #expect(sources.count == 1 && sources[0].hasSuffix("Voices/en.yaml"), "\(sources)")
        let id = try #require(client.request(#"{"request":"speak","text":"Still speaking","follow":true}"#)?.id)
        #expect(client.readEvents(until: isEnd(of: id)).last?.outcome == .spoken)
    }
}
