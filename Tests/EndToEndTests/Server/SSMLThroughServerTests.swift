import TestSupport
import AnnouncerCore
import AnnouncerProtocol
import Audio
import Foundation
import Testing

/// SSML, index marks, pause and resume, and sound icons, through a real `announcerd` playing to a
/// PulseAudio null sink of the test's own, driven by python3-speechd unmodified, and checked against
/// what the sink really played.
@Suite(.serialized, .startsProcesses, .enabled(if: speechDispatcherClientsInstalled && PrivatePulseAudio.isInstalled,
                             "python3-speechd and PulseAudio are installed (CI installs them)"))
struct SSMLThroughServerTests {
    static let client = Repository.path("Tests/Clients/speechd_ssml_client.py")

    /// A server on a PulseAudio server of the test's own, with a subscriber and a recording of its sink.
    final class Rig {
        let pulse: PrivatePulseAudio
        let server: ServerProcess
        let listener: SocketClient
        let capture: PulseAudioCapture

        private init(pulse: PrivatePulseAudio, server: ServerProcess, capture: PulseAudioCapture) throws {
            self.pulse = pulse
            self.server = server
            self.capture = capture
            listener = try SocketClient(path: server.socketPath)
            _ = listener.request(.subscribe)
        }

        /// Starts the sound server, announcerd on it, and the recording, suspending the test meanwhile.
        static func start(arguments: [String] = []) async throws -> Rig {
            let pulse = try await offThread("private PulseAudio") { try PrivatePulseAudio() }
            let server = try await ServerProcess.start(arguments: ["--sink", "alsa:default"] + arguments, environment: pulse.environment)
            let capture = try await offThread("capture") { try PulseAudioCapture(sink: PrivatePulseAudio.sinkName, environment: pulse.environment) }
            return try Rig(pulse: pulse, server: server, capture: capture)
        }

        func run(_ arguments: [String]) async throws -> ProgramRun {
            try await ProgramRun.run(SSIPClientTests.python, [SSMLThroughServerTests.client] + arguments,
                                     environment: ["SPEECHD_ADDRESS": "unix_socket:\(server.socketPath)", "LC_ALL": "C.UTF-8"], timeout: 60)
        }

        /// Sends the server SIGTERM and kills the sound server it played to, for a `defer`.
        func stop() {
            server.end()
            pulse.kill()
        }
    }

    /// Where speech begins after at least `gap` of silence, in milliseconds from the recording's start.
    static func onsets(in samples: [Int16], gap: Double = 200) -> [Double] {
        let window = PulseAudioCapture.sampleRate / 1_000 // 1 ms
        var onsets: [Double] = []
        var quietFor = gap
        for start in stride(from: 0, to: samples.count - window, by: window) {
            let slice = samples[start..<start + window]
            let loudness = (slice.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(window)).squareRoot()
            if loudness > 150 {
                if quietFor >= gap { onsets.append(Double(start) / Double(PulseAudioCapture.sampleRate) * 1_000) }
                quietFor = 0
            } else {
                quietFor += 1
            }
        }
        return onsets
    }

    static func milliseconds(_ event: EventLine) -> Double { Double(event.time.microseconds) / 1_000 }

    @Test("An utterance with five marks gets five INDEX_MARK callbacks in order, then END, each mark within 20 ms of its audio")
    func fiveMarksInOrderEachWithin20MillisecondsOfItsAudio() async throws {
        let rig = try await Rig.start()
        defer { rig.stop() }
        // Words that begin with a voiced sound: a word that begins with a stop, like "two", has tens of
        // milliseconds of closure silence before anything can be heard, which is not the mark's error.
        let words = ["one", "eight", "nine", "eleven", "many"]
        let ssml = "<speak>" + words.enumerated().map { "<mark name=\"m\($0.offset + 1)\"/>\($0.element)" }
            .joined(separator: "<break time=\"600ms\"/>") + "</speak>"
        let run = try await rig.run(["marks", ssml])
        #expect(run.status == 0, "\(run.standardOutput)\n\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map { $0.split(separator: " ").dropFirst().joined(separator: " ") }
        let callbacks = lines.filter { $0.hasPrefix("INDEX_MARK") || $0.hasPrefix("END") }
        #expect(callbacks.count == 6 && callbacks.prefix(5) == ["INDEX_MARK m1", "INDEX_MARK m2", "INDEX_MARK m3", "INDEX_MARK m4", "INDEX_MARK m5"]
            && callbacks.last?.hasPrefix("END") == true, "\(run.standardOutput)")

        let events = await rig.listener.events(until: { $0.event == .ended }, timeout: 20)
        // Not a wait: the sound's tail is still in the sink's buffer when the timeline says it ended.
        try await Task.sleep(for: .seconds(0.3))
        let samples = rig.capture.stopAndKeepSamples()
        let marks = events.filter { $0.event == .mark }
        #expect(marks.map(\.mark) == ["m1", "m2", "m3", "m4", "m5"])
        let heard = Self.onsets(in: samples)
        try #require(heard.count == 5, "the recording has \(heard.count) words: \(heard)")
        try #require(marks.count == 5)
        // The recording and the timeline have different origins, so the first word aligns them.
        let markTimes = marks.map(Self.milliseconds)
        for index in 1..<5 {
            let onTimeline = markTimes[index] - markTimes[0]
            let inAudio = heard[index] - heard[0]
            #expect(abs(onTimeline - inAudio) <= 20, "mark m\(index + 1): \(onTimeline) ms on the timeline, \(inAudio) ms in the audio")
        }
    }

    @Test("PAUSE SELF in the middle of a marked utterance, then RESUME SELF: speech stops at the next mark and goes on from it")
    func pauseStopsAtTheNextMarkAndResumeGoesOnFromIt() async throws {
        let rig = try await Rig.start()
        defer { rig.stop() }
        let words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot"]
        let ssml = "<speak>" + words.enumerated().map { "<mark name=\"w\($0.offset + 1)\"/>\($0.element)" }
            .joined(separator: "<break time=\"400ms\"/>") + "</speak>"
        let run = try await rig.run(["pause", ssml, "w2"])
        #expect(run.status == 0, "\(run.standardOutput)\n\(run.standardError)")
        let callbacks = run.standardOutput.split(separator: "\n").map { $0.split(separator: " ").dropFirst().joined(separator: " ") }
            .filter { !$0.hasPrefix("called") && !$0.hasPrefix("SSML") && !$0.contains("marks:") }
        let kinds = callbacks.map { $0.split(separator: " ").first.map(String.init) ?? "" }
        // Every mark once, in order; PAUSED after the mark it stopped at; RESUMED; then END.
        let marks = callbacks.filter { $0.hasPrefix("INDEX_MARK") }
        #expect(marks == words.indices.map { "INDEX_MARK w\($0 + 1)" }, "\(run.standardOutput)")
        let pausedAt = try #require(kinds.firstIndex(of: "PAUSE"), "\(run.standardOutput)")
        let resumedAt = try #require(kinds.firstIndex(of: "RESUME"), "\(run.standardOutput)")
        #expect(pausedAt < resumedAt && kinds.last == "END", "\(run.standardOutput)")
        #expect(callbacks[pausedAt - 1] == "INDEX_MARK w3", "it paused at the mark after the one the pause was asked at: \(run.standardOutput)")

        let events = await rig.listener.events(until: { $0.event == .ended }, timeout: 20)
        // Not a wait: the sound's tail is still in the sink's buffer when the timeline says it ended.
        try await Task.sleep(for: .seconds(0.3))
        let heard = Self.onsets(in: rig.capture.stopAndKeepSamples())
        #expect(events.contains { $0.event == .paused } && events.contains { $0.event == .resumed })
        #expect(events.last?.outcome == .spoken)
        // Six words heard, none twice: speech went on from the mark, not from the start; and the
        // longest silence is the pause, between the second and third words.
        try #require(heard.count == 6, "the recording has \(heard.count) words: \(heard)")
        let gaps = zip(heard.dropFirst(), heard).map { $0 - $1 }
        #expect(gaps.firstIndex(of: gaps.max()!) == 1, "gaps between words: \(gaps)")
        #expect(gaps[1] > gaps[0] + 300, "gaps between words: \(gaps)")
    }

    @Test("SOUND_ICON with a name from Debian's sound-icons folder plays that file, not its name as words",
          .enabled(if: FileManager.default.fileExists(atPath: "/usr/share/sounds/sound-icons/prompt"),
                   "Debian's sound-icons package is installed (CI installs it)"))
    func soundIconFromTheSoundIconsPackagePlaysItsFile() async throws {
        // "prompt" is a link to prompt.wav (1.3 s), named as Speech Dispatcher's clients name it.
        let file = try WAVFile(contentsOf: "/usr/share/sounds/sound-icons/prompt")
        let rig = try await Rig.start()
        defer { rig.stop() }
        let played = try await rig.run(["icon", "prompt"])
        #expect(played.status == 0, "\(played.standardError)")
        let events = await rig.listener.events(until: { $0.event == .ended }, timeout: 20)
        #expect(events.last?.outcome == .spoken, "\(events)")
        // Not a wait: the sound's tail is still in the sink's buffer when the timeline says it ended.
        try await Task.sleep(for: .seconds(0.3))
        let recorded = rig.capture.stopAndKeepSamples().map { Float($0) / 32_768 }

        // The loudness of the recording, from its first sound, follows the file's, 10 ms at a time.
        let fileLoudness = Self.loudness(file.samples, rate: file.sampleRate)
        let heardLoudness = Self.loudness(recorded, rate: PulseAudioCapture.sampleRate)
        let start = try #require(heardLoudness.firstIndex { $0 > 0.01 }, "nothing was heard: \(events)")
        let fileStart = try #require(fileLoudness.firstIndex { $0 > 0.01 })
        let count = fileLoudness.count - fileStart
        try #require(heardLoudness.count - start >= count, "the recording is shorter than the sound")
        let similarity = Self.correlation(Array(fileLoudness[fileStart...]), Array(heardLoudness[start..<start + count]))
        #expect(similarity > 0.8, "the recording's loudness follows the file's with a correlation of \(similarity)")
    }

    @Test("A sound icon shorter than the sink's buffer (\"capital\", 35 ms) is heard, not dropped as the utterance ends",
          .enabled(if: FileManager.default.fileExists(atPath: "/usr/share/sounds/sound-icons/capital"),
                   "Debian's sound-icons package is installed (CI installs it)"))
    func shortSoundIconIsHeard() async throws {
        let file = try WAVFile(contentsOf: "/usr/share/sounds/sound-icons/capital")
        let rig = try await Rig.start()
        defer { rig.stop() }
        let played = try await rig.run(["icon", "capital"])
        #expect(played.status == 0, "\(played.standardError)")
        let events = await rig.listener.events(until: { $0.event == .ended }, timeout: 20)
        #expect(events.last?.outcome == .spoken, "\(events)")
        // Not a wait: the sound's tail is still in the sink's buffer when the timeline says it ended.
        try await Task.sleep(for: .seconds(0.3))
        let recorded = rig.capture.stopAndKeepSamples().map { Float($0) / 32_768 }
        let loudest = Self.loudness(recorded, rate: PulseAudioCapture.sampleRate).max() ?? 0
        let fileLoudest = Self.loudness(file.samples, rate: file.sampleRate).max() ?? 0
        // The 10 ms windows of the recording and the file need not line up, so half the file's loudest.
        #expect(loudest > fileLoudest / 2, "the loudest 10 ms recorded was \(loudest), the file's \(fileLoudest)")
    }

    /// The root-mean-square loudness of each 10 ms of `samples`.
    static func loudness(_ samples: [Float], rate: Int) -> [Float] {
        let window = rate / 100
        return stride(from: 0, to: samples.count - window + 1, by: window).map { start in
            (samples[start..<start + window].reduce(0) { $0 + $1 * $1 } / Float(window)).squareRoot()
        }
    }

    /// Pearson's correlation of two series of the same length.
    static func correlation(_ a: [Float], _ b: [Float]) -> Float {
        let meanA = a.reduce(0, +) / Float(a.count), meanB = b.reduce(0, +) / Float(b.count)
        var product: Float = 0, squaresA: Float = 0, squaresB: Float = 0
        for (x, y) in zip(a, b) {
            product += (x - meanA) * (y - meanB)
            squaresA += (x - meanA) * (x - meanA)
            squaresB += (y - meanB) * (y - meanB)
        }
        return product / (squaresA * squaresB).squareRoot()
    }
}
