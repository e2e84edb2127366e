import TestSupport
import Foundation
import Testing

/// The audio device failing under a running `announcerd`: a real PulseAudio server of the test's own,
/// killed and started again, with ALSA's default device routed to it.
@Suite(.serialized, .enabled(if: PrivatePulseAudio.isInstalled, "PulseAudio is not installed"))
struct AudioDeviceRecoveryTests {
    /// announcerd playing to `pulse` through ALSA, with its log kept.
    static func server(on pulse: PrivatePulseAudio, _ arguments: [String] = []) throws -> ServerProcess {
        try ServerProcess(arguments: ["--sink", "alsa:default"] + arguments, environment: pulse.environment)
    }

    /// Speaks and follows one announcement; returns its `ended` event.
    static func speak(_ text: String, politeness: String = "assertive", on client: SocketClient, timeout: Double = 20) throws -> [String: Any] {
        let reply = try #require(client.request(#"{"request":"speak","text":"\#(text)","politeness":"\#(politeness)","follow":true}"#))
        let id = try #require(reply["id"] as? String, "refused: \(reply)")
        return try #require(client.readEvents(until: isEnd(of: id), timeout: timeout).last.flatMap { isEnd(of: id)($0) ? $0 : nil },
                            "no end for \(text)")
    }

    static func audio(of client: SocketClient) throws -> [String: Any] {
        try #require(client.request(#"{"request":"status"}"#)?["audio"] as? [String: Any])
    }

    @Test("PulseAudio killed and started again under a running server: what was said meanwhile waits and is spoken, and later speech is heard")
    func pulseAudioRestartIsSurvived() throws {
        let pulse = try PrivatePulseAudio()
        let server = try Self.server(on: pulse)
        defer { server.stop() }
        let client = try SocketClient(path: server.socketPath)
        #expect(try Self.speak("Before the restart.", on: client)["outcome"] as? String == "spoken")

        pulse.kill()
        // Said while the sound server is gone: it must wait for it, not fail and not vanish.
        let reply = try #require(client.request(#"{"request":"speak","text":"Said while the sound server was gone.","politeness":"assertive","follow":true}"#))
        let waiting = try #require(reply["id"] as? String)
        let observer = try SocketClient(path: server.socketPath)
        #expect(waitFor({ (try? Self.audio(of: observer))?["state"] as? String == "down" }, seconds: 10))
        let down = try Self.audio(of: observer)
        let problem = try #require(down["problem"] as? String)
        // What went wrong, without advice to choose another output, which is beside the point here.
        #expect(problem.contains("audio device \"default\"") && !problem.contains("--sink"), "\(problem)")
        #expect(down["outages"] as? Int == 1)
        #expect(down["when_down"] as? String == "wait")
        let said = try ProgramRun(ServerProcess.announce.path, ["status", "--socket", server.socketPath])
        #expect(said.status == 0)
        #expect(said.standardOutput.contains("The audio device alsa:default is not working since"), "\(said.standardOutput)")
        #expect(said.standardOutput.contains("Announcements wait for it, each up to its time to live."))
        #expect(said.standardOutput.contains("Speaking announcement"))

        Thread.sleep(forTimeInterval: 1)
        try pulse.start()
        let ended = try #require(client.readEvents(until: isEnd(of: waiting)).last)
        #expect(ended["outcome"] as? String == "spoken", "\(ended)")
        #expect(waitFor({ (try? Self.audio(of: observer))?["state"] as? String == "working" }, seconds: 5))
        #expect((try Self.audio(of: observer))["last_outage_ms"] as? Int ?? 0 >= 1_000)
        let saidAfter = try ProgramRun(ServerProcess.announce.path, ["status", "--socket", server.socketPath])
        #expect(saidAfter.standardOutput.contains("The audio device alsa:default works; it stopped working once, the last time for"), "\(saidAfter.standardOutput)")

        // The new PulseAudio server really plays what is said now.
        var after: [String: Any] = [:]
        let loudest = try pulse.loudest {
            after = try Self.speak("After the restart, speech is heard again.", on: client)
        }
        #expect(after["outcome"] as? String == "spoken")
        #expect(loudest > 500, "the restarted sound server heard nothing (loudest \(loudest))")

        let log = server.standardErrorText
        #expect(log.components(separatedBy: "stopped working").count == 2, "\(log)")
        #expect(log.components(separatedBy: "works again").count == 2, "\(log)")
        #expect(server.process.isRunning)
    }

    @Test("With --when-audio-fails fail, what is said while the device is down fails at once with the reason; speech resumes when it is back")
    func failingWhileDownThenResuming() throws {
        let pulse = try PrivatePulseAudio()
        let server = try Self.server(on: pulse, ["--when-audio-fails", "fail"])
        defer { server.stop() }
        let client = try SocketClient(path: server.socketPath)
        #expect(try Self.speak("Before.", on: client)["outcome"] as? String == "spoken")
        pulse.kill()
        let failed = try Self.speak("Said while the device is down.", on: client)
        #expect(failed["outcome"] as? String == "failed")
        let reason = try #require(failed["reason"] as? String)
        #expect(reason.contains("audio device") && reason.contains("not spoken"), "\(reason)")

        try pulse.start()
        // Tried again in the background, while nothing is said, so it is ready before it is needed.
        #expect(waitFor({ (try? Self.audio(of: client))?["state"] as? String == "working" }, seconds: 10))
        #expect(try Self.speak("Back again.", on: client)["outcome"] as? String == "spoken")
    }

    @Test("An assertive announcement waits no longer than its time to live for a device that does not come back")
    func assertiveGivesUpAfterItsTimeToLive() throws {
        let pulse = try PrivatePulseAudio()
        let server = try Self.server(on: pulse, ["--assertive-time-to-live", "1"])
        defer { server.stop() }
        let client = try SocketClient(path: server.socketPath)
        #expect(try Self.speak("Before.", on: client)["outcome"] as? String == "spoken")
        pulse.kill()
        let started = Date()
        let ended = try Self.speak("Nobody will hear this.", on: client)
        #expect(ended["outcome"] as? String == "failed")
        #expect((ended["reason"] as? String)?.hasPrefix("It was not spoken: ") == true, "\(ended)")
        #expect((ended["reason"] as? String)?.contains("did not come back within the announcement's time to live") == true, "\(ended)")
        #expect(Date().timeIntervalSince(started) >= 0.9)
        #expect(server.process.isRunning)
    }

    @Test("A device that disappears while it speaks and comes back (a PulseAudio sink unloaded and loaded again) is used again; what it was saying is said again")
    func unpluggedDeviceIsUsedAgain() throws {
        let pulse = try PrivatePulseAudio()
        let server = try Self.server(on: pulse)
        defer { server.stop() }
        let client = try SocketClient(path: server.socketPath)
        #expect(try Self.speak("Before the unplugging.", on: client)["outcome"] as? String == "spoken")
        let reply = try #require(client.request(#"{"request":"speak","text":"A long sentence that is still being said when the headset is unplugged, and goes on for a while longer.","politeness":"assertive","follow":true}"#))
        let id = try #require(reply["id"] as? String)
        Thread.sleep(forTimeInterval: 0.5)
        try pulse.unplugSink()
        #expect(waitFor({ (try? Self.audio(of: client))?["state"] as? String == "down" }, seconds: 10))
        Thread.sleep(forTimeInterval: 0.5)
        try pulse.plugSinkBackIn()
        let ended = try #require(client.readEvents(until: isEnd(of: id)).last)
        #expect(ended["outcome"] as? String == "spoken", "\(ended)")
        let after = try Self.audio(of: client)
        #expect(after["state"] as? String == "working" && after["outages"] as? Int == 1, "\(after)")
        var next: [String: Any] = [:]
        let loudest = try pulse.loudest { next = try Self.speak("Heard on the headset again.", on: client) }
        #expect(next["outcome"] as? String == "spoken")
        #expect(loudest > 500, "the sink plugged back in heard nothing (loudest \(loudest))")
    }
}
