import Foundation

extension LatencyScenario {
    /// Every latency scenario. Each runs on the null sink, and on ALSA when PulseAudio is reachable.
    static let all: [LatencyScenario] = [idle, cuttingPoliteUtterance]

    /// Nothing speaks and nothing waits; an assertive announcement arrives.
    static let idle = LatencyScenario(name: "Assertive arrival to first audio, idle", iterations: 100) { round in
        round.engine.quiesce()
        round.measureAssertive()
    }

    /// A long polite announcement is speaking; an assertive one arrives and cuts it.
    static let cuttingPoliteUtterance = LatencyScenario(
        name: "Assertive arrival to first audio, cutting a long polite utterance", iterations: 50
    ) { round in
        round.engine.quiesce()
        guard round.play(longStatusText, politeness: .polite) else { return }
        // Let the polite utterance settle into steady playback: after twice the sink's 50 ms buffer,
        // the buffer is full and the playback thread waits inside a paced write, as it does mid-sentence.
        Thread.sleep(forTimeInterval: 0.1)
        round.measureAssertive()
    }
}
