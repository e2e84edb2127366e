import AnnouncerCore
import Foundation

extension LatencyScenario {
    /// Every latency scenario. Each runs on the null sink, and on ALSA when PulseAudio is reachable.
    static let all: [LatencyScenario] = [
        idle, idleInProcess, cuttingPoliteUtterance, pastPoliteBacklog, amidManyClients, afterLanguageSwitch, afterSameLanguage,
        firstOfAssertiveBurst, afterWorkerCrash,
    ]

    /// Nothing speaks and nothing waits; an assertive announcement arrives.
    static let idle = LatencyScenario(name: "Assertive arrival to first audio, idle", iterations: 100) { round in
        round.engine.quiesce()
        round.measureAssertive()
    }

    /// The same as `idle` with eSpeak on a thread of the benchmark's own process: beside `idle`, from one
    /// run, the cost of the worker process's hop.
    static let idleInProcess = LatencyScenario(
        name: "Assertive arrival to first audio, idle, eSpeak in this process", iterations: 100, inProcess: true
    ) { round in
        round.engine.quiesce()
        round.measureAssertive()
    }

    /// The synthesis worker was killed while a long polite announcement was being synthesized; an assertive
    /// one arrives at once. What the crash costs the next announcement: noticing it, and the standby taking over.
    static let afterWorkerCrash = LatencyScenario(
        name: "Assertive arrival to first audio, just after the synthesis worker crashed", iterations: 30
    ) { round in
        round.engine.quiesce()
        // A new text each round: the worker refuses a text that crashed it twice.
        let polite = "\(longStatusText) Round \(round.benchmark.currentIteration)."
        // As after a crash in real use, which is rare: the standby that replaced the last dead worker is ready.
        for _ in 0..<400 where !round.engine.synthesisStandbyReady { Thread.sleep(forTimeInterval: 0.005) }
        guard round.play(polite, politeness: .polite), let pid = round.engine.synthesisWorkerProcessID else { return }
        kill(pid, SIGKILL)
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

    /// 10,000 polite announcements were submitted just before; an assertive one arrives.
    /// The same as `announce bench --scenario backlog`.
    static let pastPoliteBacklog = LatencyScenario(
        name: "Assertive arrival to first audio, after 10,000 polite", iterations: 30
    ) { round in
        round.engine.quiesce()
        for number in 0..<10_000 {
            round.engine.submit(try! Announcement(text: numberedStatusText(number), politeness: .polite, arrival: .now()))
        }
        round.measureAssertive()
    }

    /// 100 clients send at the same moment: 99 polite announcements and one assertive one.
    /// The same as `announce bench --scenario clients`, with threads for clients.
    static let amidManyClients = LatencyScenario(
        name: "Assertive arrival to first audio, 100 clients at once", iterations: 30
    ) { round in
        round.engine.quiesce()
        let polite = (0..<99).map { try! Announcement(text: numberedStatusText($0), politeness: .polite, arrival: .now()) }
        round.measureAssertive(amid: polite, at: (round.benchmark.currentIteration * 37) % 100)
    }

    /// The announcement before was English; the measured one is Norwegian.
    /// The same as `announce bench --scenario language`.
    static let afterLanguageSwitch = LatencyScenario(
        name: "Assertive arrival to first audio, English then Norwegian", iterations: 50
    ) { round in
        round.engine.quiesce()
        guard round.play(errorText, politeness: .assertive) else { return }
        round.engine.quiesce()
        round.measureAssertive(norwegianErrorText, language: .norwegianBokmal)
    }

    /// The same as `afterLanguageSwitch` with no switch: the announcement before was Norwegian too.
    /// The two side by side, from one run, show what switching between en and nb costs.
    static let afterSameLanguage = LatencyScenario(
        name: "Assertive arrival to first audio, Norwegian then Norwegian", iterations: 50
    ) { round in
        round.engine.quiesce()
        guard round.play(norwegianPasswordErrorText, politeness: .assertive, language: .norwegianBokmal) else { return }
        round.engine.quiesce()
        round.measureAssertive(norwegianErrorText, language: .norwegianBokmal)
    }

    /// One client sends 100 assertive announcements back to back; the first is measured, since
    /// assertive announcements never cut each other and the rest wait their turn by design.
    /// The same as `announce bench --scenario burst`.
    static let firstOfAssertiveBurst = LatencyScenario(
        name: "Assertive arrival to first audio, first of a burst of 100", iterations: 30
    ) { round in
        round.engine.quiesce()
        let rest = (1..<100).map { _ in try! Announcement(text: errorText, politeness: .assertive, arrival: .now()) }
        round.measureAssertive(followedBy: rest)
    }
}
