import AnnouncerCore
import AnnouncerScheduling
import AnnouncerVoices
import Audio
import Speech
import Synchronization

/// The engine's `Speaker`: each announcement made into `UtteranceEvent`s and walked into an utterance
/// stream, eSpeak NG on the synthesis thread giving its words' audio, the playback thread writing it to the sink.
final class SpeechPipeline: Speaker {
    private let synthesis: any Synthesizer
    private let playback: PlaybackThread
    private let voices: Mutex<VoiceLibrary>
    private let streams = Mutex<[AnnouncementID: UtteranceStream]>([:])
    private let maxBufferedSamples: Int
    private let policy: LiveRegionPolicy
    private let sounds: (any SoundIconSource)?
    /// Where sound icons are waited for; nil when there are none.
    private let soundThread: SoundThread?

    init(
        synthesis: any Synthesizer, sink: any AudioSink, voices: VoiceLibrary,
        policy: LiveRegionPolicy, device: AudioDeviceWatch, handling: AudioFaultHandling,
        sounds: (any SoundIconSource)? = nil, clock: any SchedulerClock = SystemMonotonicClock()
    ) {
        self.synthesis = synthesis
        self.sounds = sounds
        self.soundThread = sounds == nil ? nil : SoundThread()
        self.playback = PlaybackThread(sink: sink, device: device, handling: handling, clock: clock)
        self.voices = Mutex(voices)
        self.policy = policy
        // Two seconds ahead is plenty: eSpeak runs about a thousand times faster than real time.
        self.maxBufferedSamples = synthesis.sampleRate * 2
    }

    func speak(_ announcement: Announcement, report: @escaping @Sendable (SpeechReport) -> Void) {
        let events: [UtteranceEvent]
        if let script = announcement.script {
            // English inside the Bokmål text of the markup is given its own runs, as in plain text.
            let parts = voices.withLock { $0 }.segmentingLanguages(
                in: script.parts(afterMark: announcement.resumesAfterMark ?? -1), of: announcement.language)
            let runs = ScriptRun.runs(
                of: parts,
                firstMark: (announcement.resumesAfterMark ?? -1) + 1,
                language: announcement.language, voiceType: announcement.voiceType)
            events = self.events(for: runs, of: announcement)
        } else {
            events = plainEvents(of: announcement)
        }
        let marks = announcement.script.map { $0.markNames.count - ((announcement.resumesAfterMark ?? -1) + 1) } ?? 0
        play(events, marks: max(0, marks), of: announcement, report: report)
    }

    /// The events of a plain-text announcement: its words, and a capital-letter cue before each run that
    /// needs one. Words in another language inside the text (English inside Bokmål) are spoken by that
    /// language's profile.
    private func plainEvents(of announcement: Announcement) -> [UtteranceEvent] {
        let prosody = announcement.prosody
        let (reading, capitals) = (announcement.reading, announcement.capitals)
        let punctuation = announcement.punctuation ?? .some
        // A copy of the library (its tables are shared, not copied), so a reload never waits for this.
        let library = voices.withLock { $0 }
        let segments = reading == .words
            ? library.segments(of: announcement.text, in: announcement.language)
            : [LanguageSegment(announcement.text, announcement.language)]
        let runs = segments.flatMap { segment in
            let profile = library.speakingProfile(for: segment.language)
            return CapitalCueRuns(text: segment.text, reading: reading, capitals: capitals).runs.map { (profile, $0) }
        }
        let voice = library.speakingProfile(for: announcement.language)
        let volume = prosody.volume ?? voice.volume
        let cue = runs.contains(where: \.1.cue) ? Tone.capitalLetter.samples(sampleRate: synthesis.sampleRate, volume: volume) : []
        var events: [UtteranceEvent] = []
        for (voice, run) in runs {
            if run.cue { events.append(.cue(cue)) }
            // Normalization, lexicon and spelling run on the synthesis thread, off the scheduler's queue.
            let words = SynthesisRequest(
                text: run.text, voice: announcement.voiceType?.espeakVoice(from: voice.espeakVoice) ?? voice.espeakVoice,
                rate: prosody.rate ?? voice.rate, pitch: prosody.pitch ?? voice.pitch, volume: volume,
                preparation: WordsPreparation(profile: voice, reading: reading, capitals: capitals, punctuation: punctuation))
            events.append(.text(words, marks: []))
        }
        return events
    }

    /// The events of an SSML announcement's runs, in order.
    private func events(for runs: [ScriptRun], of announcement: Announcement) -> [UtteranceEvent] {
        let punctuation = announcement.punctuation ?? .some
        let capitals = announcement.capitals
        return runs.flatMap { run -> [UtteranceEvent] in
            switch run {
            case let .speech(run):
                let voice = voices.withLock { $0.speakingProfile(for: run.language) }
                let prosody = announcement.prosody
                // Text preparation runs on the synthesis thread, on the words only, never on the markup.
                let words = SynthesisRequest(
                    text: "", voice: run.voiceType?.espeakVoice(from: voice.espeakVoice) ?? voice.espeakVoice,
                    rate: Self.scaled(prosody.rate ?? voice.rate, by: run.rate, within: Prosody.rateRange),
                    pitch: Self.scaled(prosody.pitch ?? voice.pitch, by: run.pitch, within: Prosody.pitchRange),
                    volume: Self.scaled(prosody.volume ?? voice.volume, by: run.volume, within: Prosody.volumeRange),
                    isMarkup: true,
                    preparation: WordsPreparation(profile: voice, reading: run.reading, capitals: capitals, punctuation: punctuation, run: run))
                return [.text(words, marks: run.marks)]
            case let .marks(marks):
                return marks.map { .mark($0) }
            case let .silence(duration):
                return [.silence(duration)]
            case let .tone(hertz, duration):
                return [.tone(hertz: hertz, duration: duration, volume: announcement.prosody.volume ?? 100)]
            case let .sound(name, fallback):
                return [.soundIcon(name: name, fallback: events(for: fallback, of: announcement))]
            }
        }
    }

    /// Walks `events` into one utterance stream that the playback thread plays: words go to the
    /// synthesizer, each into its own step, and sound icons to the sound thread, all at once; marks,
    /// tones, cues and silences are the stream's own. The stream keeps them in order.
    private func play(_ events: [UtteranceEvent], marks: Int, of announcement: Announcement, report: @escaping @Sendable (SpeechReport) -> Void) {
        var steps: [UtteranceStream.Step] = []
        var words: [(slot: Int, request: SynthesisRequest, marks: [Int])] = []
        var soundIcons: [(slot: Int, name: String)] = []
        func add(_ events: [UtteranceEvent]) {
            for event in events {
                switch event {
                case let .text(request, marks):
                    words.append((steps.count, request, marks))
                    steps.append(.synthesized)
                case let .mark(mark): steps.append(.mark(mark))
                case let .tone(hertz, duration, volume): steps.append(.tone(hertz: hertz, duration: duration, volume: volume))
                case let .cue(samples): steps.append(.samples(samples))
                case let .silence(duration): steps.append(.silence(duration))
                case let .soundIcon(name, fallback):
                    let slot = steps.count
                    soundIcons.append((slot, name))
                    steps.append(.sound(fallback: 0))
                    add(fallback)
                    steps[slot] = .sound(fallback: steps.count - slot - 1)
                }
            }
        }
        add(events)
        let stream = UtteranceStream(maxBuffered: maxBufferedSamples, marks: marks, steps: steps, sampleRate: synthesis.sampleRate)
        let id = announcement.id
        streams.withLock { $0[id] = stream }
        // While the device is not working, an announcement waits for it up to its time to live from arrival.
        let deadline = policy.timeToLive(announcement.politeness).map { announcement.arrival + $0 }
        var job = PlaybackThread.Job(stream: stream, deadline: deadline) { [weak self] news in
            switch news {
            case .finished, .paused: self?.streams.withLock { _ = $0.removeValue(forKey: id) }
            case .firstAudio, .mark: break
            }
            report(news)
        }
        job.resumesAfterMark = announcement.resumesAfterMark
        playback.enqueue(job)
        let sampleRate = synthesis.sampleRate
        for (slot, name) in soundIcons {
            // Played when an allowed folder has it, else its fallback is spoken.
            guard let sounds, let soundThread else {
                stream.decide(slot, samples: nil)
                continue
            }
            soundThread.run({
                stream.decide(slot, samples: sounds.samples(forSource: name, sampleRate: sampleRate, isCancelled: { stream.isClosed }))
            }, orElse: { stream.decide(slot, samples: nil) })
        }
        for (slot, request, marks) in words {
            // The stream holds each request's cancellation: a cut stops it, and the fallback of a sound
            // that plays is never started, so it costs no synthesis.
            synthesis.enqueue(request, cancellation: stream.cancellation(slot), to: MarkPlacer(stream: stream, slot: slot, marks: marks))
        }
    }

    /// A voice's setting times an SSML multiplier, kept within the synthesizer's range.
    private static func scaled(_ value: Int, by factor: Double, within range: ClosedRange<Int>) -> Int {
        guard factor != 1 else { return value }
        let scaled = (Double(value) * factor).rounded()
        guard scaled.isFinite else { return value }
        return min(range.upperBound, max(range.lowerBound, Int(scaled)))
    }

    /// Announcements that start from now on are spoken with `library`.
    func replaceVoices(_ library: VoiceLibrary) { voices.withLock { $0 = library } }

    /// Closes the sink once the playback thread has finished what it was doing.
    func close() {
        playback.closeSink()
        soundThread?.close()
    }

    func pause(_ id: AnnouncementID) {
        streams.withLock { $0[id] }?.requestPause()
    }

    func stop(_ id: AnnouncementID) {
        guard let stream = streams.withLock({ $0.removeValue(forKey: id) }) else { return }
        stream.cancel()
        playback.cutIfPlaying(stream)
    }
}
