import CALSA
import Dispatch
import Glibc
import Synchronization

/// Plays speech through an ALSA PCM device with low latency: periods of about 10 ms,
/// playback starting after one period, cuts with `snd_pcm_drop`, underruns recovered.
public final class ALSASink: AudioSink {
    public let name: String
    public let device: String
    public let format: AudioFormat
    /// Frames per period and in the whole buffer, as the device granted them.
    public let periodFrames: Int
    public let bufferFrames: Int

    // ALSA's PCM calls lock internally (alsa-lib is thread-safe by default), which lets
    // `cut` call snd_pcm_drop from another thread while the playback thread is in writei.
    nonisolated(unsafe) private let pcm: OpaquePointer
    private let cutGeneration = Atomic<UInt64>(0)
    private let wake = DispatchSemaphore(value: 0)
    /// Where a cut's `snd_pcm_drop` runs. On the PulseAudio plugin a drop is a round trip to the
    /// sound server (about 1 ms, 85 ms seen under load), so `cut` hands it here and returns at once,
    /// never holding the scheduler's queue. The playback thread waits for it before it prepares again.
    private let dropper = DispatchQueue(label: "announcer.alsa.drop", qos: .userInteractive)

    public init(
        device: String, format: AudioFormat,
        periodTime: Duration = .milliseconds(10), periods: Int = 5
    ) throws(AudioError) {
        self.device = device
        self.name = "alsa:\(device)"
        self.format = format
        announcer_alsa_silence_library_errors()

        var handle: OpaquePointer?
        // Opened non-blocking so that a busy device is reported at once instead of waited for.
        let opened = snd_pcm_open(&handle, device, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK)
        guard opened >= 0, let handle else {
            throw opened == -EBUSY ? .deviceBusy(device: device)
                : .deviceUnavailable(device: device, detail: ALSA.message(opened))
        }
        pcm = handle
        do throws(AudioError) {
            // Writes stay non-blocking: `write` waits for room itself, a few milliseconds at a time, so a cut
            // is seen at once on every plugin (PipeWire's does not wake a blocked writei when the stream is
            // dropped), and a sound server that stops taking audio is an error, not a write that never returns.
            (periodFrames, bufferFrames) = try Self.configure(
                handle, device: device, format: format,
                periodMicroseconds: UInt32(periodTime.inMicroseconds), periods: UInt32(periods)
            )
        } catch {
            snd_pcm_close(handle)
            throw error
        }
    }

    private static func configure(
        _ pcm: OpaquePointer, device: String, format: AudioFormat, periodMicroseconds: UInt32, periods: UInt32
    ) throws(AudioError) -> (period: Int, buffer: Int) {
        var hw: OpaquePointer?
        try ALSA.check(snd_pcm_hw_params_malloc(&hw), "allocate parameters", device: device)
        defer { snd_pcm_hw_params_free(hw) }
        try ALSA.check(snd_pcm_hw_params_any(pcm, hw), "read the device's capabilities", device: device)
        try ALSA.format(snd_pcm_hw_params_set_access(pcm, hw, SND_PCM_ACCESS_RW_INTERLEAVED), "interleaved access", device: device)
        try ALSA.format(snd_pcm_hw_params_set_format(pcm, hw, SND_PCM_FORMAT_S16_LE), "16-bit samples", device: device)
        try ALSA.format(snd_pcm_hw_params_set_channels(pcm, hw, 1), "one channel", device: device)
        var rate = UInt32(format.sampleRate)
        // `direction` is in and out: reset it before each "near" call.
        var direction: Int32 = 0
        try ALSA.format(snd_pcm_hw_params_set_rate_near(pcm, hw, &rate, &direction), "\(format.sampleRate) Hz", device: device)
        guard rate == UInt32(format.sampleRate) else {
            throw .formatUnsupported(device: device, detail: "it offers \(rate) Hz instead of \(format.sampleRate) Hz")
        }
        var period = periodMicroseconds
        direction = 0
        try ALSA.check(snd_pcm_hw_params_set_period_time_near(pcm, hw, &period, &direction), "set the period", device: device)
        // The buffer is a whole number of the periods the device granted, not of the period asked for.
        var grantedPeriod: snd_pcm_uframes_t = 0
        direction = 0
        try ALSA.check(snd_pcm_hw_params_get_period_size(hw, &grantedPeriod, &direction), "read the period", device: device)
        var buffer = grantedPeriod * snd_pcm_uframes_t(periods)
        try ALSA.check(snd_pcm_hw_params_set_buffer_size_near(pcm, hw, &buffer), "set the buffer", device: device)
        try ALSA.check(snd_pcm_hw_params(pcm, hw), "apply the parameters", device: device)
        var periodFrames: snd_pcm_uframes_t = 0
        var bufferFrames: snd_pcm_uframes_t = 0
        direction = 0
        try ALSA.check(snd_pcm_hw_params_get_period_size(hw, &periodFrames, &direction), "read the period", device: device)
        try ALSA.check(snd_pcm_hw_params_get_buffer_size(hw, &bufferFrames), "read the buffer", device: device)

        // snd_pcm_set_params would start only when the whole buffer is full; one period is enough.
        var sw: OpaquePointer?
        try ALSA.check(snd_pcm_sw_params_malloc(&sw), "allocate parameters", device: device)
        defer { snd_pcm_sw_params_free(sw) }
        try ALSA.check(snd_pcm_sw_params_current(pcm, sw), "read the software parameters", device: device)
        try ALSA.check(snd_pcm_sw_params_set_start_threshold(pcm, sw, periodFrames), "set the start threshold", device: device)
        try ALSA.check(snd_pcm_sw_params_set_avail_min(pcm, sw, periodFrames), "set the wake-up size", device: device)
        try ALSA.check(snd_pcm_sw_params(pcm, sw), "apply the software parameters", device: device)
        return (Int(periodFrames), Int(bufferFrames))
    }

    public func beginUtterance() throws(AudioError) {
        // A cut's drop may still be on its way; prepared before it lands, the stream would be dropped again.
        dropper.sync {}
        switch snd_pcm_state(pcm) {
        case SND_PCM_STATE_SUSPENDED:
            // Resume where the hardware can; otherwise start afresh.
            if snd_pcm_resume(pcm) < 0 {
                try ALSA.check(snd_pcm_prepare(pcm), "prepare for playback", device: device)
            }
        case SND_PCM_STATE_SETUP, SND_PCM_STATE_XRUN:
            try ALSA.check(snd_pcm_prepare(pcm), "prepare for playback", device: device)
        default:
            break
        }
    }

    /// A prepared stream keeps the sound server's sink awake: PulseAudio's plugin plays it as an uncorked
    /// stream that never lets the sink go idle, and PipeWire's runs its graph for a stream prepared after
    /// opening. So does one left started, as a pause at a mark leaves it. Stopped, the stream is only set
    /// up, and the server may suspend the sink and its card.
    public func rest() {
        dropper.sync {}
        switch snd_pcm_state(pcm) {
        case SND_PCM_STATE_PREPARED:
            // PipeWire's plugin (0.3.65) lets its stream go only when a stream that was started stops; a
            // drop straight from the prepare after opening leaves its graph running. Started by a period of
            // silence, a sound card without a sound server plays silence, not what its buffer last held.
            let silence = [Int16](repeating: 0, count: periodFrames)
            _ = silence.withUnsafeBufferPointer { snd_pcm_writei(pcm, $0.baseAddress, snd_pcm_uframes_t(periodFrames)) }
            if snd_pcm_state(pcm) == SND_PCM_STATE_PREPARED { snd_pcm_start(pcm) }
            snd_pcm_drop(pcm)
        case SND_PCM_STATE_RUNNING, SND_PCM_STATE_XRUN, SND_PCM_STATE_DRAINING, SND_PCM_STATE_PAUSED:
            snd_pcm_drop(pcm)
        default:
            break
        }
    }

    public var cutMark: CutMark { CutMark(count: cutGeneration.load(ordering: .acquiring)) }

    public func write(_ samples: UnsafeBufferPointer<Int16>, unlessCutSince mark: CutMark) throws(AudioError) -> Bool {
        guard let base = samples.baseAddress else { return true }
        let generation = mark.count
        var offset = 0
        var lastProgress = DispatchTime.now()
        var waitedWithoutRoom = false
        while offset < samples.count {
            guard cutGeneration.load(ordering: .acquiring) == generation else { return false }
            let written = snd_pcm_writei(pcm, base + offset, snd_pcm_uframes_t(samples.count - offset))
            if written > 0 {
                offset += Int(written)
                lastProgress = .now()
                waitedWithoutRoom = false
                continue
            }
            if written == 0 || written == -snd_pcm_sframes_t(EAGAIN) {
                // The buffer is full: wait for room, at most 10 ms at a time, looking for a cut between waits.
                // What is buffered plays within its own length; past that and a margin, the device has stopped.
                if DispatchTime.now() > lastProgress + .microseconds(Int(format.duration(ofFrames: bufferFrames).inMicroseconds)) + Self.stallMargin {
                    snd_pcm_drop(pcm)
                    throw .writeFailed(device: device, detail: "it stopped taking audio")
                }
                // A wait that says there is room when the write then finds none must not spin.
                if waitedWithoutRoom { usleep(1_000) }
                waitedWithoutRoom = snd_pcm_wait(pcm, 10) != 0
                continue
            }
            // A drop from `cut` makes a blocked writei fail with -EBADFD: that is a cut, not an error.
            guard cutGeneration.load(ordering: .acquiring) == generation else { return false }
            try recover(Int32(written), while: "write audio")
        }
        return true
    }

    public func outputDelay() -> Duration {
        var frames: snd_pcm_sframes_t = 0
        guard snd_pcm_delay(pcm, &frames) >= 0, frames > 0 else { return .zero }
        return format.duration(ofFrames: Int(frames))
    }

    public func waitUntilPlayed() throws(AudioError) -> Bool {
        let generation = cutGeneration.load(ordering: .acquiring)
        // A short utterance may not fill the one period that starts playback.
        if snd_pcm_state(pcm) == SND_PCM_STATE_PREPARED { snd_pcm_start(pcm) }
        // What is buffered plays within its own length; allow that plus a margin, then call the device stalled.
        let deadline = DispatchTime.now() + .microseconds(Int(outputDelay().inMicroseconds)) + Self.stallMargin
        while cutGeneration.load(ordering: .acquiring) == generation {
            if DispatchTime.now() > deadline {
                snd_pcm_drop(pcm)
                throw .writeFailed(device: device, detail: "it stopped playing")
            }
            guard snd_pcm_state(pcm) == SND_PCM_STATE_RUNNING else { break }
            var frames: snd_pcm_sframes_t = 0
            let delayed = snd_pcm_delay(pcm, &frames) >= 0 ? Int(frames) : 0
            // Right after the first write of a stream, PulseAudio's plugin reports no delay until it
            // knows its timing; a sound shorter than the buffer would then be dropped before it was
            // heard. What the buffer still holds says the audio has not all been played.
            let available = snd_pcm_avail(pcm)
            let buffered = available >= 0 ? max(0, bufferFrames - Int(available)) : 0
            let remainingFrames = max(delayed, buffered)
            guard remainingFrames > 0 else { break }
            let remaining = format.duration(ofFrames: remainingFrames)
            let nap = min(remaining, .milliseconds(5))
            _ = wake.wait(timeout: .now() + .microseconds(Int(nap.inMicroseconds)))
        }
        guard cutGeneration.load(ordering: .acquiring) == generation else { return false }
        // A sound server that went away mid-utterance leaves the stream disconnected, not played.
        if snd_pcm_state(pcm) == SND_PCM_STATE_DISCONNECTED {
            throw .writeFailed(device: device, detail: "it was disconnected")
        }
        // Everything was heard: stop the stream rather than let it run dry into an underrun.
        snd_pcm_drop(pcm)
        return true
    }

    /// How long past its buffered audio a device may go silent before it counts as stalled.
    static let stallMargin: DispatchTimeInterval = .seconds(2)

    /// Refuses further writes of the utterance at once and drops what the device holds on the dropper's
    /// thread, which also makes a blocked `writei` return. Returns without waiting for the sound server.
    public func cut() {
        cutGeneration.add(1, ordering: .releasing)
        wake.signal()
        dropper.async { [self] in _ = snd_pcm_drop(pcm) }
    }

    public func close() {
        cutGeneration.add(1, ordering: .releasing)
        dropper.sync {}
        snd_pcm_drop(pcm)
        snd_pcm_close(pcm)
    }

    /// The one place a failed ALSA write is recovered from or turned into an error.
    private func recover(_ code: Int32, while operation: String) throws(AudioError) {
        switch -code {
        case EPIPE, ESTRPIPE, EINTR:
            // Underrun or suspend: recover and carry on, as any ALSA player must.
            let recovered = snd_pcm_recover(pcm, code, 1)
            if recovered < 0 { throw .writeFailed(device: device, detail: ALSA.message(recovered)) }
        case EBADFD:
            // Dropped but not by us (for example by the sound server): prepare again.
            try ALSA.check(snd_pcm_prepare(pcm), "prepare for playback", device: device)
        default:
            throw .writeFailed(device: device, detail: ALSA.message(code))
        }
    }
}

/// The funnel through which every ALSA return code passes.
enum ALSA {
    static func message(_ code: Int32) -> String {
        String(cString: snd_strerror(code)).lowercased()
    }

    static func check(_ code: Int32, _ operation: String, device: String) throws(AudioError) {
        guard code < 0 else { return }
        if code == -EBUSY { throw .deviceBusy(device: device) }
        throw .deviceUnavailable(device: device, detail: "could not \(operation): \(message(code))")
    }

    static func format(_ code: Int32, _ what: String, device: String) throws(AudioError) {
        guard code < 0 else { return }
        throw .formatUnsupported(device: device, detail: "it does not offer \(what)")
    }
}
