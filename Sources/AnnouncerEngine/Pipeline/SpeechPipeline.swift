import AnnouncerCore
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

    init(
        synthesis: any Synthesizer, sink: any AudioSink, voices: VoiceLibrary,
        policy: LiveRegionPolicy, device: AudioDeviceWatch, handling: AudioFaultHandling
    ) {
        self.synthesis = synthesis
        self.playback = PlaybackThread(sink: sink, device: device, handling: handling)
        self.voices = Mutex(voices)
        self.policy = policy
        // Two seconds ahead is plenty: eSpeak runs about a thousand times faster than real time.
        self.maxBufferedSamples = synthesis.sampleRate * 2
    }

    func speak(_ announcement: Announcement, report: @escaping @Sendable (SpeechReport) -> Void) {
        let stream = UtteranceStream(maxBuffered: maxBufferedSamples)
        let id = announcement.id
        streams.withLock { $0[id] = stream }
        // While the device is not working, an announcement waits for it up to its time to live from arrival.
        let deadline = policy.timeToLive(announcement.politeness).map { announcement.arrival + $0 }
        playback.enqueue(PlaybackThread.Job(stream: stream, deadline: deadline) { [weak self] news in
            if case .finished = news { self?.streams.withLock { _ = $0.removeValue(forKey: id) } }
            report(news)
        })
        let voice = voices.withLock { $0.speakingProfile(for: announcement.language) }
        let prosody = announcement.prosody
        let (reading, capitals) = (announcement.reading, announcement.capitals)
        let punctuation = announcement.punctuation ?? .some
        let volume = prosody.volume ?? voice.volume
        let runs = CapitalCueRuns(text: announcement.text, reading: reading, capitals: capitals).runs
        let cue = runs.contains(where: \.cue) ? Tone.capitalLetter.samples(sampleRate: synthesis.sampleRate, volume: volume) : []
        // A new stream has room for far more than a cue, so this never waits.
        if runs.first?.cue == true { push(cue, to: stream) }
        for (index, run) in runs.enumerated() {
            let next = runs.index(after: index) < runs.endIndex ? runs[index + 1] : nil
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

    private func push(_ samples: [Int16], to stream: UtteranceStream) { Self.push(samples, to: stream) }

    private static func push(_ samples: [Int16], to stream: UtteranceStream) {
        _ = samples.withUnsafeBufferPointer { stream.push($0) }
    }

    /// Announcements that start from now on are spoken with `library`.
    func replaceVoices(_ library: VoiceLibrary) { voices.withLock { $0 = library } }

    /// Closes the sink once the playback thread has finished what it was doing.
    func close() { playback.closeSink() }

    func pause(_ id: AnnouncementID) {
        // Not yet: pausing at marks comes with the script pipeline.
    }

    func stop(_ id: AnnouncementID) {
        guard let stream = streams.withLock({ $0.removeValue(forKey: id) }) else { return }
        stream.cancel()
        playback.cutIfPlaying(stream)
    }
}
