import TestSupport
import AnnouncerCore
import AnnouncerProtocol
import Foundation
import Testing

/// The JSON-lines protocol against a real `announcerd`.
/// The server's own logic behind these is tested in the test's process by `JSONLinesOnFakeEngineTests`.
@Suite(.serialized, .startsProcesses) struct JSONLinesServerTests {
    @Test("A followed announcement is accepted with its id and ends spoken, with its latency on the way")
    func followedAnnouncementEndsSpoken() async throws {
        let server = try await ServerProcess.start()
        defer { server.end() }
        let client = try SocketClient(path: server.socketPath)
        let reply = try #require(client.request(#"{"request":"speak","text":"Hello","politeness":"assertive","rate":450,"follow":true}"#))
        #expect(reply.reply?.reply == .speak)
        #expect(reply.reply?.ok == true)
        let id = try #require(reply.id)
        let events = await client.events(until: isEnd(of: id))
        #expect(events.map(\.event) == [.received, .queued, .started, .firstAudio, .audible, .ended])
        #expect(events.last?.outcome == .spoken)
        #expect((events[3].latency?.value ?? 1e9) < 500)
    }

    @Test("The server's --lang is the default language, and --events writes its timeline to a file")
    func serverLanguageAndEventsFile() async throws {
        let eventsPath = ServerProcess.makeDirectory() + "/events.jsonl"
        let server = try await ServerProcess.start(arguments: ["--lang", "nb", "--events", eventsPath])
        let client = try SocketClient(path: server.socketPath)
        let id = try #require(client.request(#"{"request":"speak","text":"Hei","rate":450,"follow":true}"#)?.id)
        #expect(await client.events(until: isEnd(of: id)).last?.language == .norwegianBokmal)
        #expect(await server.stop() == 0)
        let written = try String(contentsOfFile: eventsPath, encoding: .utf8)
        #expect(written.contains(#""id":"\#(id)","event":"ended","outcome":"spoken""#))
    }
}
