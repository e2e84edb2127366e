import AnnouncerCore
import AnnouncerScheduling
import AnnouncerVoices
import Audio
import Speech
import Synchronization

/// The engine's `Speaker`: eSpeak NG on the synthesis thread feeding the audio sink on the playback thread.
final class SpeechPipeline: Speaker {
    private let synthesis: any Synthesizer
    private let playback: PlaybackThread
    private let voices: Mutex<VoiceLibrary>
    private let streams = Mutex<[AnnouncementID: UtteranceStream]>([:])
    private let maxBufferedSamples: Int
    private let policy: LiveRegionPolicy
    private let sounds: (any SoundIconSource)?

    init(
        synthesis: any Synthesizer, sink: any AudioSink, voices: VoiceLibrary,
        policy: LiveRegionPolicy, device: AudioDeviceWatch, handling: AudioFaultHandling,
        sounds: (any SoundIconSource)? = nil
    ) {
        self.synthesis = synthesis
        self.sounds = sounds
        self.playback = PlaybackThread(sink: sink, device: device, handling: handling)
        self.voices = Mutex(voices)
        self.policy = policy
        // Two seconds ahead is plenty: eSpeak runs about a thousand times faster than real time.
        self.maxBufferedSamples = synthesis.sampleRate * 2
    }

    func speak(_ announcement: Announcement, report: @escaping @Sendable (SpeechReport) -> Void) {
        let scriptRuns = announcement.script.map { script in
            // English inside the Bokmål text of the markup is given its own runs, as in plain text.
            let parts = voices.withLock { $0 }.segmentingLanguages(
                in: script.parts(afterMark: announcement.resumesAfterMark ?? -1), of: announcement.language)
            return ScriptRun.runs(
                of: parts,
                firstMark: (announcement.resumesAfterMark ?? -1) + 1,
                language: announcement.language, voiceType: announcement.voiceType)
        }
        let marks = announcement.script.map { $0.markNames.count - ((announcement.resumesAfterMark ?? -1) + 1) } ?? 0
        let stream = UtteranceStream(maxBuffered: maxBufferedSamples, marks: max(0, marks))
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
        if let scriptRuns {
            speak(scriptRuns, of: announcement, into: stream)
            return
        }
        let prosody = announcement.prosody
        let (reading, capitals) = (announcement.reading, announcement.capitals)
        let punctuation = announcement.punctuation ?? .some
        // Words in another language inside the text (English inside Bokmål) are spoken by that
        // language's profile, one request after another into the same stream.
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
        // A new stream has room for far more than a cue, so this never waits.
        if runs.first?.1.cue == true { push(cue, to: stream) }
        for (index, (voice, run)) in runs.enumerated() {
            let next = runs.index(after: index) < runs.endIndex ? runs[index + 1].1 : nil
            var request = SynthesisRequest(
                text: run.text,
                voice: announcement.voiceType?.espeakVoice(from: voice.espeakVoice) ?? voice.espeakVoice,
                rate: prosody.rate ?? voice.rate,
                pitch: prosody.pitch ?? voice.pitch,
                volume: volume,
                deliver: { stream.push($0) },
                // A run before the last ends the stream only when it did not complete; the next run's
                // cue follows its audio on the synthesis thread, ahead of the next run's audio.
                finish: { end in
                    guard let next, end == .completed else { return stream.finish(end) }
                    if next.cue { Self.push(cue, to: stream) }
                },
                isCancelled: { stream.isClosed }
            )
            // Normalization, lexicon and spelling run on the synthesis thread, off the scheduler's queue.
            request.preparation = { voice.prepare($0, reading: reading, capitals: capitals, punctuationLevel: punctuation) }
            synthesis.enqueue(request)
        }
    }

    /// Queues the synthesis of an SSML announcement's runs, in order, into `stream`.
    private func speak(_ runs: [ScriptRun], of announcement: Announcement, into stream: UtteranceStream) {
        let requests = self.requests(for: runs, of: announcement, into: stream)
        guard !requests.isEmpty else { return stream.finish(.completed) }
        for (index, var request) in requests.enumerated() {
            let isLast = index == requests.count - 1
            let ended = request.finish
            // A run before the last ends the stream only when it did not complete.
            request.finish = { end in
                ended(end)
                if end != .completed || isLast { stream.finish(end) }
            }
            synthesis.enqueue(request)
        }
    }

    /// The synthesis requests for `runs`; their `finish` places the marks after each run's last sample.
    private func requests(for runs: [ScriptRun], of announcement: Announcement, into stream: UtteranceStream) -> [SynthesisRequest] {
        var requests: [SynthesisRequest] = []
        let punctuation = announcement.punctuation ?? .some
        let capitals = announcement.capitals
        let sampleRate = synthesis.sampleRate
        for run in runs {
            switch run {
            case let .speech(run):
                let voice = voices.withLock { $0.speakingProfile(for: run.language) }
                let prosody = announcement.prosody
                let placer = MarkPlacer(stream: stream, marks: run.marks)
                var request = SynthesisRequest(
                    text: "",
                    voice: run.voiceType?.espeakVoice(from: voice.espeakVoice) ?? voice.espeakVoice,
                    rate: Self.scaled(prosody.rate ?? voice.rate, by: run.rate, within: Prosody.rateRange),
                    pitch: Self.scaled(prosody.pitch ?? voice.pitch, by: run.pitch, within: Prosody.pitchRange),
                    volume: Self.scaled(prosody.volume ?? voice.volume, by: run.volume, within: Prosody.volumeRange),
                    deliver: { placer.deliver($0) },
                    finish: { end in if end == .completed { placer.flush() } },
                    isCancelled: { stream.isClosed }
                )
                request.isMarkup = true
                request.reachedMark = { mark, sample in placer.reached(mark, atSample: sample) }
                let reading = run.reading
                // Text preparation runs on the synthesis thread, on the words only, never on the markup.
                request.preparation = { _ in
                    run.markup { voice.prepare($0, reading: reading, capitals: capitals, punctuationLevel: punctuation) }
                }
                requests.append(request)
            case let .marks(marks):
                var request = Self.substitute(into: stream) {
                    for mark in marks { stream.pushMark(mark) }
                }
                request.voice = voices.withLock { $0.speakingProfile(for: announcement.language) }.espeakVoice
                requests.append(request)
            case let .silence(duration):
                requests.append(Self.substitute(into: stream) {
                    Self.pushInChunks(ToneGenerator.silence(duration, sampleRate: sampleRate), sampleRate: sampleRate, to: stream)
                })
            case let .tone(hertz, duration):
                let volume = announcement.prosody.volume ?? 100
                requests.append(Self.substitute(into: stream) {
                    let samples = ToneGenerator.tone(hertz: hertz, duration: duration, sampleRate: sampleRate, volume: volume)
                    Self.pushInChunks(samples, sampleRate: sampleRate, to: stream)
                })
            case let .sound(name, fallback):
                // Played when an allowed folder has it, else its fallback is spoken: which, is known only
                // on the synthesis thread, where the file is read, so the fallback's requests are queued
                // too and speak nothing when the sound played.
                let played = Atomic<Bool>(false)
                let sounds = self.sounds
                requests.append(Self.substitute(into: stream) {
                    guard let samples = sounds?.samples(forSource: name, sampleRate: sampleRate, isCancelled: { stream.isClosed }) else {
                        return
                    }
                    played.store(true, ordering: .releasing)
                    Self.pushInChunks(samples, sampleRate: sampleRate, to: stream)
                })
                for var request in self.requests(for: fallback, of: announcement, into: stream) {
                    let prepare = request.preparation
                    let substitute = request.substitute
                    request.preparation = { text in played.load(ordering: .acquiring) ? "" : prepare?(text) ?? text }
                    if let substitute {
                        request.substitute = { played.load(ordering: .acquiring) ? .completed : substitute() }
                    }
                    requests.append(request)
                }
            }
        }
        return requests
    }

    /// A request that runs `work` on the synthesis thread, in order, instead of synthesizing.
    private static func substitute(into stream: UtteranceStream, _ work: @escaping @Sendable () -> Void) -> SynthesisRequest {
        var request = SynthesisRequest(
            text: "", voice: "", deliver: { _ in true }, finish: { _ in }, isCancelled: { stream.isClosed })
        request.substitute = {
            work()
            return .completed
        }
        return request
    }

    /// A voice's setting times an SSML multiplier, kept within the synthesizer's range.
    private static func scaled(_ value: Int, by factor: Double, within range: ClosedRange<Int>) -> Int {
        guard factor != 1 else { return value }
        let scaled = (Double(value) * factor).rounded()
        guard scaled.isFinite else { return value }
        return min(range.upperBound, max(range.lowerBound, Int(scaled)))
    }

    /// Pushes a sound in pieces of 20 ms, as eSpeak NG delivers speech: written to the sink as one
    /// piece, a sound longer than the sink's buffer would block the first write until most of it had
    /// played, so its first audio would be stamped late and a cut would wait for the write to fail.
    static func pushInChunks(_ samples: [Int16], sampleRate: Int, to stream: UtteranceStream) {
        let piece = max(1, sampleRate / 50)
        samples.withUnsafeBufferPointer { all in
            for start in stride(from: 0, to: all.count, by: piece) {
                let slice = UnsafeBufferPointer(rebasing: all[start..<min(start + piece, all.count)])
                guard stream.push(slice) else { return }
            }
        }
    }

    private func push(_ samples: [Int16], to stream: UtteranceStream) { Self.push(samples, to: stream) }

    private static func push(_ samples: [Int16], to stream: UtteranceStream) {
        _ = samples.withUnsafeBufferPointer { stream.push($0) }
    }

    /// Announcements that start from now on are spoken with `library`.
    func replaceVoices(_ library: VoiceLibrary) { voices.withLock { $0 = library } }

    /// Closes the sink once the playback thread has finished what it was doing.
    func close() { playback.closeSink() }

    func pause(_ id: AnnouncementID) {
        streams.withLock { $0[id] }?.requestPause()
    }

    func stop(_ id: AnnouncementID) {
        guard let stream = streams.withLock({ $0.removeValue(forKey: id) }) else { return }
        stream.cancel()
        playback.cutIfPlaying(stream)
    }
}
