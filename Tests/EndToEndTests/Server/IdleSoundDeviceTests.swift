import TestSupport
import AnnouncerProtocol
import Foundation
import Testing

/// A server with nothing to say must let the sound card sleep: a device held ready all day keeps the
/// sound server's sink running, and the card powered, on a laptop that runs announcerd from login.
/// A PulseAudio server of the test's own that suspends an idle sink after a second, as a desktop's does after five.
@Suite(.serialized, .enabled(if: PrivatePulseAudio.isInstalled, "PulseAudio is not installed"))
struct IdleSoundDeviceTests {
    static func sinkState(_ pulse: PrivatePulseAudio) -> String? {
        try? PulseAudioCapture.state(ofSink: PrivatePulseAudio.sinkName, environment: pulse.environment)
    }

    @Test("The device is held ready between announcements, let rest once nothing is said, and the sound server suspends its sink; speech comes back when asked")
    func idleDeviceLetsTheSinkSleep() throws {
        let pulse = try PrivatePulseAudio(suspendingIdleSinkAfter: 1)
        let server = try AudioDeviceRecoveryTests.server(on: pulse)
        defer { server.stop() }
        let client = try SocketClient(path: server.socketPath)
        let first = try AudioDeviceRecoveryTests.speak("Ready.", on: client)
        #expect(first.outcome == .spoken, "\(first)")
        // Held ready for the next announcement, which then skips a round trip to the sound server...
        #expect(waitFor({ Self.sinkState(pulse) == "RUNNING" }, seconds: 2), "the sink is \(Self.sinkState(pulse) ?? "not listed")")
        // ...but only for five seconds: then the server suspends the sink a second later. Allowed twelve on a busy machine.
        #expect(waitFor({ Self.sinkState(pulse) == "SUSPENDED" }, seconds: 12), "the sink is still \(Self.sinkState(pulse) ?? "not listed")")

        var after: EventLine?
        let loudest = try pulse.loudest {
            after = try AudioDeviceRecoveryTests.speak("The sound card slept, and this is heard.", on: client)
        }
        #expect(after?.outcome == .spoken, "\(String(describing: after))")
        #expect(loudest > 500, "the sound server heard nothing after its sink was suspended (loudest \(loudest))")
    }
}
