import AnnouncerCore
import AnnouncerProtocol
import Foundation
import Testing
import TestSupport

/// Files and numbers that once took a process down, as the real programs meet them: a voice profile
/// that is an alias bomb or 100 MB, on SIGHUP; numbers too large for Int in `announce
/// emacspeak`. Each is refused or clamped in one sentence, and the program goes on. A flow file that
/// is an alias bomb is AnnounceCommandTests' `HostileFlowFileTests`; a profile that is one, read at
/// start, is AnnouncerServerSeamTests' `HostileVoiceProfileOnFakeEngineTests`.
@Suite(.serialized, .startsProcesses) struct HostileInputFilesTests {
    static let wordsBomb = HostileYAML.wordsBomb

    static let aliasSentence = "Its aliases (*name) expand it to more than 250000 values; a voice profile may hold at most 250000, so it was not read."

    /// A private XDG_CONFIG_HOME whose announcer/voices/en.yaml holds `text`.
    static func config(enYAML text: String) throws -> (home: String, file: String) {
        let home = ServerProcess.makeDirectory()
        try FileManager.default.createDirectory(atPath: "\(home)/announcer/voices", withIntermediateDirectories: true)
        let file = "\(home)/announcer/voices/en.yaml"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return (home, file)
    }

    static func englishSources(_ client: SocketClient) -> [String]? {
        client.request(.voices)?.body(VoicesBody.self)?.voices.first { $0.language == .english }?.sources
    }

    /// Speaks `text`, which must differ from the last, since a repeat within a second is dropped.
    static func speaks(_ text: String, _ client: SocketClient) async throws -> Bool {
        let id = try #require(client.request(#"{"request":"speak","text":"\#(text)","rate":450,"follow":true}"#)?.id)
        return await client.events(until: isEnd(of: id)).last?.outcome == .spoken
    }

    @Test("SIGHUP with an alias bomb, then a 100 MB profile, keeps the old profiles, in one line each naming the file and the limit; speech goes on")
    func bombOnReloadKeepsTheOldProfiles() async throws {
        let (home, file) = try Self.config(enYAML: "lexicon:\n  Blindeforbundet: Blinde forbundet\n")
        defer { try? FileManager.default.removeItem(atPath: home) }
        let server = try await ServerProcess.start(environment: ["XDG_CONFIG_HOME": home])
        defer { server.end() }
        let client = try SocketClient(path: server.socketPath)
        let before = try #require(Self.englishSources(client))
        #expect(before.last == file)

        try Self.wordsBomb.write(toFile: file, atomically: true, encoding: .utf8)
        kill(server.process.processIdentifier, SIGHUP)
        let refused = "The voice profiles were not reloaded on SIGHUP and stay as they were. Voices problem \(file), line "
        #expect(await waitFor({ server.standardErrorText.contains(refused) }, seconds: 10), "\(server.standardErrorText)")
        #expect(server.standardErrorText.contains(Self.aliasSentence))
        #expect(Self.englishSources(client) == before)
        #expect(try await Self.speaks("Still speaking after the bomb", client))

        // Sparse, so the test writes nothing: the size alone refuses it, and none of it is read.
        try FileManager.default.removeItem(atPath: file)
        #expect(FileManager.default.createFile(atPath: file, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: file))
        try handle.truncate(atOffset: 100 * 1024 * 1024)
        try handle.close()
        kill(server.process.processIdentifier, SIGHUP)
        let tooLarge = "Voices problem \(file): The file is 104857600 bytes; a voice profile may be at most 1 MiB, so it was not read."
        #expect(await waitFor({ server.standardErrorText.contains(tooLarge) }, seconds: 10), "\(server.standardErrorText)")
        #expect(Self.englishSources(client) == before)
        #expect(try await Self.speaks("Still speaking after 100 MB", client))
        #expect(server.process.isRunning)
    }
}
