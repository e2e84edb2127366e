import TestSupport
import Foundation
import Testing

extension ALSAThroughPulseAudioTests {
    @Test("A user's ~/.asoundrc that routes ALSA's default device elsewhere does not take it from the test rig")
    func userAsoundrcDoesNotMoveTheDefaultDevice() async throws {
        // A desktop's usual `pcm.!default { type pulse }`, to a PulseAudio server that is not there, in
        // both places ALSA looks for a user's own configuration.
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("asoundrc-home-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: home.appendingPathComponent(".config/alsa"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let elsewhere = """
        pcm.!default { type pulse server "unix:/nonexistent/announcer-elsewhere" }
        ctl.!default { type pulse server "unix:/nonexistent/announcer-elsewhere" }

        """
        try elsewhere.write(to: home.appendingPathComponent(".asoundrc"), atomically: true, encoding: .utf8)
        try elsewhere.write(to: home.appendingPathComponent(".config/alsa/asoundrc"), atomically: true, encoding: .utf8)

        let capture = try PulseAudioCapture()
        let run = try await AnnounceProcess.run(["say", "--embedded", "--sink", "alsa:default", "--wait", "Error: Must be a valid email address"],
                                          environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path])
        // Not a wait: it leaves the recording the last 300 ms that the sound server still plays.
        try await Task.sleep(for: .seconds(0.3))
        let windows = capture.stop()
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        let heard = windows.filter { $0 > silence }.count
        #expect(heard >= 50, "only \(heard) windows of 10 ms were above silence: \(run.standardError)")
    }
}
