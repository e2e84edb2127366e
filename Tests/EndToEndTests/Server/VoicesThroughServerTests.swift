import TestSupport
import AnnouncerCore
import AnnouncerProtocol
import Foundation
import Testing

/// Voice profiles as a running `announcerd` uses them: `--voices`, files left out, languages chosen and listed.
/// How its start chooses the default language from --lang and LANG is `DefaultLanguageOnFakeEngineTests`.
@Suite(.serialized, .startsProcesses) struct VoicesThroughServerTests {
    /// A user's voices folder: Swedish added, a broken Norwegian override, and a good English one.
    static func userVoices() throws -> String {
        let directory = ServerProcess.makeDirectory() + "/voices"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "name: Svenska\nespeak_voice: sv\n".write(toFile: "\(directory)/sv.yaml", atomically: true, encoding: .utf8)
        try "language: nb\nrate: 900\n".write(toFile: "\(directory)/nb.yaml", atomically: true, encoding: .utf8)
        try "lexicon:\n  Kari: Karianne\n".write(toFile: "\(directory)/en.yaml", atomically: true, encoding: .utf8)
        return directory
    }

    @Test("A language eSpeak NG speaks without a profile is spoken with its voice; one it lacks is refused with a sentence")
    func everyESpeakLanguageIsSpokenAndOthersRefused() async throws {
        let server = try await ServerProcess.start()
        defer { server.end() }
        let client = try SocketClient(path: server.socketPath)
        let german = try #require(client.request(#"{"request":"speak","text":"Hallo Welt","lang":"de-DE","follow":true}"#))
        #expect(german.reply?.ok == true, "\(german.text)")
        let events = await client.events(until: isEnd(of: german.id ?? AnnouncementID("")))
        #expect(events.last?.outcome == .spoken)
        #expect(events.last?.language.rawValue == "de")
        let reply = try #require(client.request(#"{"request":"speak","text":"Hallo","lang":"zz"}"#)?.reply)
        #expect(reply.ok == false)
        #expect(reply.error == .unknownLanguage)
        let message = reply.message ?? ""
        #expect(message.hasPrefix("The language \"zz\" is not available;") && message.contains("announce voices lists"), "\(message)")
        let defaults = try #require(client.request(#"{"request":"defaults","lang":"xx-YY"}"#))
        #expect(defaults.reply?.error == .unknownLanguage)
    }

    @Test("announcerd never loads eSpeak NG: its worker runs it, and hands it every eSpeak language, so German with no profile is spoken")
    func serverLearnsESpeakLanguagesFromItsWorker() async throws {
        let server = try await ServerProcess.start()
        defer { server.end() }
        let client = try SocketClient(path: server.socketPath)
        let german = try #require(client.request(#"{"request":"speak","text":"Guten Tag","lang":"de","follow":true}"#)?.id)
        #expect(await client.events(until: isEnd(of: german)).last?.outcome == .spoken)
        let worker = try #require(client.request(.status)?.body(StatusBody.self)?.synthesis.workerPID)
        let serverMaps = try Self.mappedFiles(of: server.process.processIdentifier)
        let workerMaps = try Self.mappedFiles(of: Int32(worker))
        #expect(serverMaps.contains { $0.hasSuffix("/announcerd") })
        #expect(!serverMaps.contains { $0.contains("libespeak-ng") || $0.contains("libsonic") })
        // The worker links eSpeak NG statically; libsonic, which eSpeak needs, is shared.
        #expect(workerMaps.contains { $0.hasSuffix("/announcer-synth") } && workerMaps.contains { $0.contains("libsonic") }, "\(workerMaps)")
    }

    @Test("announcerd whose synthesis worker cannot be found refuses to start, in one sentence that names the way out")
    func missingWorkerRefusesToStart() async throws {
        let missing = ServerProcess.makeDirectory() + "/no-such-announcer-synth"
        let server = try await ServerProcess.start(environment: ["ANNOUNCER_SYNTH_WORKER": missing], waitUntilListening: false)
        #expect(await server.process.exit(within: 20))
        #expect(server.process.terminationStatus != 0)
        let expected = "The speech synthesizer process could not be started: ANNOUNCER_SYNTH_WORKER names \(missing), "
            + "which is not a program that can be run; build announcer-synth with swift build, or unset it."
        #expect(server.standardErrorText.contains(expected), "\(server.standardErrorText)")
    }

    @Test("With a broken profile in --voices the server starts and logs it; SSIP clients see only the profiles' voices, and CHAR and a language the folder added, set through python3-speechd, are spoken")
    func ssipListsProfilesAndSpells() async throws {
        let voices = try Self.userVoices()
        let server = try await ServerProcess.start(arguments: ["--voices", voices, "--events", "-"])
        defer { server.end() }
        // The broken Norwegian profile is left out at start, in one line naming its file and line.
        #expect(server.standardErrorText.contains("\(voices)/nb.yaml, line 2: rate is 900; use a whole number from 80 to 450."), "\(server.standardErrorText)")
        let watcher = try SocketClient(path: server.socketPath)
        #expect(watcher.request(.subscribe)?.reply?.ok == true)
        let script = """
        import json, speechd
        client = speechd.SSIPClient('announcer-voices', address='unix_socket:\(server.socketPath)', autospawn=False)
        result = {'synthesis': [list(v) for v in client.list_synthesis_voices()]}
        client.set_voice('MALE1')
        try:
            client.set_voice('FEMALE2')
            result['female'] = 'accepted'
        except speechd.SSIPCommandError as error:
            result['female'] = str(error)
        client.set_language('sv')
        client.set_rate(100)
        client.char('@')
        client.close()
        print(json.dumps(result))
        """
        let run = try await ProgramRun.run("/usr/bin/python3", ["-c", script], timeout: 60)
        #expect(run.status == 0, "\(run.standardError)")
        let result = try JSONDecoder().decode(PythonVoices.self, from: Data(run.standardOutput.utf8))
        // The profiles first, then every language eSpeak NG speaks with its own voice.
        let synthesis = try #require(result.synthesis)
        #expect(Array(synthesis.prefix(3)) == [["English", "en", "none"], ["Norsk bokmål", "nb", "none"], ["Svenska", "sv", "none"]])
        #expect(synthesis.contains(["Czech", "cs", "none"]), "\(synthesis.count) voices")
        #expect(synthesis.count > 80)
        #expect(result.female == "accepted", "every voice type is spoken with the nearest eSpeak variant")
        let events = await watcher.events(until: { $0.event == .ended })
        #expect(events.first?.text == "@")
        #expect(events.first?.language.rawValue == "sv")
        #expect(events.last?.outcome == .spoken)
    }

    /// What the python3-speechd script prints: the voices SSIP lists, and whether FEMALE2 was accepted.
    private struct PythonVoices: Decodable {
        var synthesis: [[String]]?
        var female: String?
    }

    /// The files a process has mapped, from the whole of `/proc/PID/maps` (read to its end: procfs gives no size).
    static func mappedFiles(of pid: Int32) throws -> Set<String> {
        let handle = try #require(FileHandle(forReadingAtPath: "/proc/\(pid)/maps"))
        defer { try? handle.close() }
        let text = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        return Set(text.split(separator: "\n").compactMap { line in line.split(separator: " ", omittingEmptySubsequences: true).dropFirst(5).first.map(String.init) })
    }
}
