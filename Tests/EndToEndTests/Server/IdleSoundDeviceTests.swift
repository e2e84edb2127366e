import TestSupport
import AnnouncerProtocol
import Foundation
import Testing

/// A server with nothing to say must let the sound card sleep: a device held ready all day keeps the
/// sound server's sink running, and the card powered, on a laptop that runs announcerd from login.
/// A PulseAudio server of the test's own that suspends an idle sink after a second, as a desktop's does after five.
@Suite(.serialized, .startsProcesses, .enabled(if: PrivatePulseAudio.isInstalled, "PulseAudio is not installed"))
struct IdleSoundDeviceTests {
    static func sinkState(_ pulse: PrivatePulseAudio) -> String? {
        try? PulseAudioCapture.state(ofSink: PrivatePulseAudio.sinkName, environment: pulse.environment)
    }

    /// announcerd on a PulseAudio of its own that suspends a sink idle for a second.
    static func serverOnSleepyPulseAudio() async throws -> (PrivatePulseAudio, ServerProcess) {
        let pulse = try PrivatePulseAudio(suspendingIdleSinkAfter: 1)
        return (pulse, try await AudioDeviceRecoveryTests.server(on: pulse))
    }

    /// Waits until the sink is suspended: 5 s of rest, then a second of the server's timeout; twelve allowed on a busy machine.
    static func expectSuspended(_ pulse: PrivatePulseAudio, _ comment: String) async {
        #expect(await waitFor({ sinkState(pulse) == "SUSPENDED" }, seconds: 12), "\(comment): the sink is still \(sinkState(pulse) ?? "not listed")")
    }

    @Test("The device is held ready between announcements, let rest once nothing is said, and the sound server suspends its sink; the next announcement wakes it and is heard")
    func idleDeviceLetsTheSinkSleep() async throws {
        let (pulse, server) = try await Self.serverOnSleepyPulseAudio()
        defer { server.end() }
        let client = try SocketClient(path: server.socketPath)
        let first = try await AudioDeviceRecoveryTests.speak("Ready.", on: client)
        #expect(first.outcome == .spoken, "\(first)")
        // Held ready for the next announcement, which then skips a round trip to the sound server...
        #expect(await waitFor({ Self.sinkState(pulse) == "RUNNING" }, seconds: 2), "the sink is \(Self.sinkState(pulse) ?? "not listed")")
        // ...but only for five seconds.
        await Self.expectSuspended(pulse, "after speaking")

        // A recording of the monitor would wake the sink itself, so it starts only once the announcement has.
        let reply = try #require(client.request(#"{"request":"speak","text":"The sound card slept, and this long sentence is heard all the same.","politeness":"assertive","follow":true}"#))
        let id = try #require(reply.id, "refused: \(reply.text)")
        #expect(await client.events(until: isEvent(.firstAudio, of: id), timeout: 10).last?.event == .firstAudio)
        let capture = try PulseAudioCapture(sink: PrivatePulseAudio.sinkName, environment: pulse.environment)
        let ended = await client.events(until: isEnd(of: id)).last
        let loudest = capture.stop().max() ?? 0
        #expect(ended?.outcome == .spoken, "\(String(describing: ended))")
        #expect(loudest > 500, "the sound server heard nothing after its sink was suspended (loudest \(loudest))")
    }

    @Test("Speech paused at a mark leaves the stream started; the device is let rest all the same and the sink suspended")
    func pausedSpeechLetsTheSinkSleep() async throws {
        let (pulse, server) = try await Self.serverOnSleepyPulseAudio()
        defer { server.end() }
        let client = try SocketClient(path: server.socketPath)
        // Not after a full stop, where eSpeak NG 1.51 never tells a mark (espeak-ng issue 920): it would come only with the end.
        let ssml = #"<speak>The first part is read<mark name=\"half\"/> and the second part waits for a resume that never comes, however long it is.</speak>"#
        let reply = try #require(client.request(#"{"request":"speak","text":"\#(ssml)","ssml":true,"politeness":"assertive","follow":true}"#))
        let id = try #require(reply.id, "refused: \(reply.text)")
        #expect(await client.events(until: isEvent(.firstAudio, of: id), timeout: 10).last?.event == .firstAudio)
        var events: [EventLine] = []
        #expect(client.request(#"{"request":"pause"}"#, events: &events)?.reply?.ok == true)
        if !events.contains(where: isEvent(.paused, of: id)) {
            let later = await client.events(until: isEvent(.paused, of: id), timeout: 10)
            #expect(later.last?.event == .paused, "\(events + later)")
        }
        await Self.expectSuspended(pulse, "after a pause")
    }
}
