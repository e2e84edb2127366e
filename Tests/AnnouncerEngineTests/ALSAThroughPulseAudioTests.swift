import TestSupport
import AnnouncerCore
import AnnouncerEngine
import Foundation
import Testing

/// The ALSA sink, tested on a real audio server: ALSA's default device routed to a PulseAudio
/// null sink, and what the server played recorded from its monitor.
@Suite(.serialized, .enabled(if: PulseAudioCapture.isAvailable, "needs the PulseAudio null sink that scripts/test starts"))
struct ALSAThroughPulseAudioTests {
    /// Loudness below this is silence on the null sink.
    let silence = 50.0

    @Test("An assertive announcement reaches the audio server as non-silent speech")
    func assertiveReachesAudioServer() async throws {
        let capture = try PulseAudioCapture()
        let harness = try EngineHarness(sink: .alsa(device: "default"))
        let error = harness.say("Error: Must be a valid email address", .assertive, rate: 175)
        await harness.finish()
        // Not a wait: it leaves the recording the last 300 ms that the sound server still plays.
        try await Task.sleep(for: .seconds(0.3))
        let windows = capture.stop()
        #expect(harness.outcome(of: error) == .spoken)
        let heard = windows.filter { $0 > silence }.count
        // About two seconds of speech; at least half a second of it must be above silence.
        #expect(heard >= 50, "only \(heard) windows of 10 ms were above silence")
    }

    @Test("An assertive announcement cuts a polite one that the audio server is playing")
    func assertiveCutsPoliteOnAudioServer() async throws {
        let capture = try PulseAudioCapture()
        let harness = try EngineHarness(sink: .alsa(device: "default"))
        // The polite one plays quietly and the assertive one loudly, so loudness tells them apart.
        let status = harness.say(longText, .polite, rate: 175, volume: 25)
        // The assertive one cuts it once the sound server has played half a second of it: on a busy
        // machine the server may begin playing well after the engine's first write. Said on a thread
        // of its own, so the cut comes then, not when the test's task next gets a pool thread.
        let silence = self.silence
        let said = await offThread("cut once heard") { () -> Announcement? in
            guard capture.waitUntilHeard(windows: 50, louderThan: silence, seconds: 15) else { return nil }
            return harness.say("Error: wrong password", .assertive, rate: 175, volume: 200)
        }
        let error = try #require(said, "the polite announcement was never heard")
        await harness.finish()
        // Not a wait: it leaves the recording the last 300 ms that the sound server still plays.
        try await Task.sleep(for: .seconds(0.3))
        let windows = capture.stop()

        #expect(harness.outcome(of: status) == .interrupted(by: error.id))
        // The drop must wake the playback thread's blocked write on the PulseAudio plugin at once.
        let errorFirstAudio = try #require(harness.timeline.first(.firstAudio, of: error.id))
        #expect(errorFirstAudio.sinceArrival < .milliseconds(500))
        let loudest = try #require(windows.max())
        let loud = loudest / 2
        let firstLoud = try #require(windows.firstIndex { $0 > loud })
        let lastLoud = try #require(windows.lastIndex { $0 > loud })
        let firstSound = try #require(windows.firstIndex { $0 > silence })
        // The quiet polite speech played before the loud error...
        let quietBefore = windows[firstSound..<firstLoud].filter { $0 > silence && $0 < loud }.count
        #expect(quietBefore >= 30, "the polite announcement was not heard before the cut")
        // ...for about the second it was given, not the half minute it would have taken to finish...
        #expect(firstLoud - firstSound < 300, "the error waited \(firstLoud - firstSound) windows")
        // ...and it did not resume after the error ended.
        let after = windows[(lastLoud + 1)...].filter { $0 > silence }.count
        #expect(after < 30, "\(after) windows of sound followed the error")
    }
}
