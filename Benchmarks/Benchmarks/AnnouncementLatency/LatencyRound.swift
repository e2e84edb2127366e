import AnnouncerCore
import AnnouncerEngine
import Benchmark
import Dispatch

/// What one round of a latency scenario works with: its sink's engine, its benchmark and its gate.
struct LatencyRound {
    let engine: SpeechEngine
    let benchmark: Benchmark
    /// The benchmark's full name, for messages.
    let name: String
    let gate: LatencyGate

    /// Plays an announcement outside the measurement and waits for its first audio;
    /// false, having marked the run as failed, if none came.
    func play(_ text: String, politeness: Politeness, language: Language = .english) -> Bool {
        let announcement = try! Announcement(text: text, politeness: politeness, language: language, arrival: .now())
        return engine.submitAndWaitForFirstAudio(announcement, benchmark: name) != nil
    }

    /// The measurement: an assertive announcement arrives now; its arrival to first audio goes to
    /// the results table and to the gate. The wall clock runs from just before it is made to when
    /// this thread hears of its first audio. `rest` is submitted right behind it, as in a burst.
    func measureAssertive(_ text: String = errorText, language: Language = .english, followedBy rest: [Announcement] = []) {
        benchmark.startMeasurement()
        let announcement = try! Announcement(text: text, politeness: .assertive, language: language, arrival: .now())
        firstAudioWaiter.watch(announcement.id)
        engine.submit(announcement)
        for var each in rest {
            each.arrival = .now()
            engine.submit(each)
        }
        let events = firstAudioWaiter.wait()
        benchmark.stopMeasurement()
        record(events, among: rest.count + 1)
    }

    /// The measurement amid others: the assertive announcement is one of `others.count + 1` submitted
    /// at the same moment from as many threads, as when many clients send at once; it takes place `position`.
    func measureAssertive(_ text: String = errorText, amid others: [Announcement], at position: Int) {
        benchmark.startMeasurement()
        let announcement = try! Announcement(text: text, politeness: .assertive, arrival: .now())
        var gathered = others
        gathered.insert(announcement, at: min(position, others.count))
        let all = gathered
        firstAudioWaiter.watch(announcement.id)
        let engine = engine
        DispatchQueue.concurrentPerform(iterations: all.count) { index in
            var each = all[index]
            each.arrival = .now()
            engine.submit(each)
        }
        let events = firstAudioWaiter.wait()
        benchmark.stopMeasurement()
        record(events, among: all.count)
    }

    /// Sends the measured latencies to the table and the gate; fails the run when nothing was heard.
    private func record(_ events: (firstAudio: TimelineEvent, audible: TimelineEvent)?, among count: Int) {
        guard let events else {
            failTheRunAtExit("\(name): the assertive announcement\(count > 1 ? " among \(count)" : "") was never heard.")
            return
        }
        gate.record(Latency(firstAudio: events.firstAudio.sinceArrival, audible: events.audible.sinceArrival), in: benchmark)
    }
}
