import TestSupport
import AnnouncerProtocol
import Foundation
import Testing

/// The audio device failing under a running `announcerd`: a real PulseAudio server of the test's own,
/// killed and started again, with ALSA's default device routed to it.
@Suite(.serialized, .startsProcesses, .enabled(if: PrivatePulseAudio.isInstalled, "PulseAudio is not installed"))
struct AudioDeviceRecoveryTests {
    /// announcerd playing to `pulse` through ALSA, with its log kept.
    static func server(on pulse: PrivatePulseAudio, _ arguments: [String] = []) async throws -> ServerProcess {
        try await ServerProcess.start(arguments: ["--sink", "alsa:default"] + arguments, environment: pulse.environment)
    }

    /// Speaks and follows one announcement; returns its `ended` event.
    static func speak(_ text: String, politeness: String = "assertive", on client: SocketClient, timeout: Double = 20) async throws -> EventLine {
        let reply = try #require(client.request(#"{"request":"speak","text":"\#(text)","politeness":"\#(politeness)","follow":true}"#))
        let id = try #require(reply.id, "refused: \(reply.text)")
        return try #require(await client.events(until: isEnd(of: id), timeout: timeout).last.flatMap { isEnd(of: id)($0) ? $0 : nil },
                            "no end for \(text)")
    }

    static func audio(of client: SocketClient) throws -> AudioStatus {
        try #require(client.request(.status)?.body(StatusBody.self)?.audio)
    }

    @Test("A server started before its sound server starts anyway, says once that the device is missing, and speaks when it comes")
    func soundServerStartedAfterTheServer() async throws {
        let pulse = try PrivatePulseAudio()
        pulse.kill()
        // At login the order is not fixed: announcerd may come first.
        let server = try await Self.server(on: pulse)
        defer { server.end() }
        let client = try SocketClient(path: server.socketPath)
        #expect(await waitFor({ (try? Self.audio(of: client))?.state == .down }, seconds: 5))
        let reply = try #require(client.request(#"{"request":"speak","text":"Said before the sound server came.","politeness":"assertive","follow":true}"#))
        let waiting = try #require(reply.id, "a client was refused because the sound server was not there: \(reply.text)")

        // Not a wait: the sound server stays away a second, so the outage is one a person would notice.
        try await Task.sleep(for: .seconds(1))
        try pulse.start()
        let ended = try #require(await client.events(until: isEnd(of: waiting)).last)
        #expect(ended.outcome == .spoken, "\(ended)")
        #expect(await waitFor({ (try? Self.audio(of: client))?.state == .working }, seconds: 5))
        var after: EventLine?
        let loudest = try await pulse.loudest {
            after = try await Self.speak("The sound server came after the speech server, and speech is heard.", on: client)
        }
        #expect(after?.outcome == .spoken)
        #expect(loudest > 500, "the sound server heard nothing (loudest \(loudest))")

        let log = server.standardErrorText
        #expect(log.components(separatedBy: "could not be opened, so the server started without it").count == 2, "\(log)")
        #expect(!log.contains("stopped working"), "\(log)")
        #expect(log.components(separatedBy: "works again").count == 2, "\(log)")
    }

    @Test("PulseAudio killed and started again under a running server: what was said meanwhile waits and is spoken, and later speech is heard")
    func pulseAudioRestartIsSurvived() async throws {
        let pulse = try PrivatePulseAudio()
        let server = try await Self.server(on: pulse)
        defer { server.end() }
        let client = try SocketClient(path: server.socketPath)
        #expect(try await Self.speak("Before the restart.", on: client).outcome == .spoken)

        pulse.kill()
        // Said while the sound server is gone: it must wait for it, not fail and not vanish.
        let reply = try #require(client.request(#"{"request":"speak","text":"Said while the sound server was gone.","politeness":"assertive","follow":true}"#))
        let waiting = try #require(reply.id)
        let observer = try SocketClient(path: server.socketPath)
        #expect(await waitFor({ (try? Self.audio(of: observer))?.state == .down }, seconds: 10))
        let down = try Self.audio(of: observer)
        let problem = try #require(down.problem)
        // What went wrong, without advice to choose another output, which is beside the point here.
        #expect(problem.contains("audio device \"default\"") && !problem.contains("--sink"), "\(problem)")
        #expect(down.outages == 1)
        #expect(down.whenDown == .wait)
        let said = try await ProgramRun.run(ServerProcess.announce.path, ["status", "--socket", server.socketPath])
        #expect(said.status == 0)
        #expect(said.standardOutput.contains("The audio device alsa:default is not working since"), "\(said.standardOutput)")
        #expect(said.standardOutput.contains("Announcements wait for it, each up to its time to live."))
        #expect(said.standardOutput.contains("is waiting for the audio device"), "\(said.standardOutput)")

        // Not a wait: the sound server stays away a second, so the outage is one a person would notice.
        try await Task.sleep(for: .seconds(1))
        try pulse.start()
        let ended = try #require(await client.events(until: isEnd(of: waiting)).last)
        #expect(ended.outcome == .spoken, "\(ended)")
        #expect(await waitFor({ (try? Self.audio(of: observer))?.state == .working }, seconds: 5))
        #expect((try Self.audio(of: observer)).lastOutageMilliseconds ?? 0 >= 1_000)
        let saidAfter = try await ProgramRun.run(ServerProcess.announce.path, ["status", "--socket", server.socketPath])
        #expect(saidAfter.standardOutput.contains("The audio device alsa:default works; it stopped working once, the last time for"), "\(saidAfter.standardOutput)")

        // The new PulseAudio server really plays what is said now.
        var after: EventLine?
        let loudest = try await pulse.loudest {
            after = try await Self.speak("After the restart, speech is heard again.", on: client)
        }
        #expect(after?.outcome == .spoken)
        #expect(loudest > 500, "the restarted sound server heard nothing (loudest \(loudest))")

        let log = server.standardErrorText
        #expect(log.components(separatedBy: "stopped working").count == 2, "\(log)")
        #expect(log.components(separatedBy: "works again").count == 2, "\(log)")
        #expect(server.process.isRunning)
    }

    @Test("With --when-audio-fails fail, what is said while the device is down fails at once with the reason; speech resumes when it is back")
    func failingWhileDownThenResuming() async throws {
        let pulse = try PrivatePulseAudio()
        let server = try await Self.server(on: pulse, ["--when-audio-fails", "fail"])
        defer { server.end() }
        let client = try SocketClient(path: server.socketPath)
        #expect(try await Self.speak("Before.", on: client).outcome == .spoken)
        pulse.kill()
        let failed = try await Self.speak("Said while the device is down.", on: client)
        #expect(failed.outcome == .failed)
        let reason = try #require(failed.reason)
        #expect(reason.contains("audio device") && reason.contains("not spoken"), "\(reason)")

        try pulse.start()
        // Tried again in the background, while nothing is said, so it is ready before it is needed.
        #expect(await waitFor({ (try? Self.audio(of: client))?.state == .working }, seconds: 10))
        #expect(try await Self.speak("Back again.", on: client).outcome == .spoken)
    }

    @Test("An assertive announcement waits no longer than its time to live for a device that does not come back")
    func assertiveGivesUpAfterItsTimeToLive() async throws {
        let pulse = try PrivatePulseAudio()
        let server = try await Self.server(on: pulse, ["--assertive-time-to-live", "1"])
        defer { server.end() }
        let client = try SocketClient(path: server.socketPath)
        #expect(try await Self.speak("Before.", on: client).outcome == .spoken)
        pulse.kill()
        let started = Date()
        let ended = try await Self.speak("Nobody will hear this.", on: client)
        #expect(ended.outcome == .failed)
        #expect(ended.reason?.hasPrefix("It was not spoken: ") == true, "\(ended)")
        #expect(ended.reason?.contains("did not come back within the announcement's time to live") == true, "\(ended)")
        #expect(Date().timeIntervalSince(started) >= 0.9)
        #expect(server.process.isRunning)
    }

    @Test("A device that disappears while it speaks and comes back (a PulseAudio sink unloaded and loaded again) is used again; what it was saying is said again")
    func unpluggedDeviceIsUsedAgain() async throws {
        let pulse = try PrivatePulseAudio()
        let server = try await Self.server(on: pulse)
        defer { server.end() }
        let client = try SocketClient(path: server.socketPath)
        #expect(try await Self.speak("Before the unplugging.", on: client).outcome == .spoken)
        let reply = try #require(client.request(#"{"request":"speak","text":"A long sentence that is still being said when the headset is unplugged, and goes on for a while longer.","politeness":"assertive","follow":true}"#))
        let id = try #require(reply.id)
        _ = await client.events(until: isEvent(.firstAudio, of: id))
        try pulse.unplugSink()
        #expect(await waitFor({ (try? Self.audio(of: client))?.state == .down }, seconds: 10))
        // Not a wait: the headset stays unplugged half a second, as a person's would.
        try await Task.sleep(for: .seconds(0.5))
        try pulse.plugSinkBackIn()
        let ended = try #require(await client.events(until: isEnd(of: id)).last)
        #expect(ended.outcome == .spoken, "\(ended)")
        let after = try Self.audio(of: client)
        #expect(after.state == .working && after.outages == 1, "\(after)")
        var next: EventLine?
        let loudest = try await pulse.loudest { next = try await Self.speak("Heard on the headset again.", on: client) }
        #expect(next?.outcome == .spoken)
        #expect(loudest > 500, "the sink plugged back in heard nothing (loudest \(loudest))")
    }
}
