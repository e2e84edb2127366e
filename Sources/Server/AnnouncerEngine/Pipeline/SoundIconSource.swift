public import SoundIcons

/// Where the pipeline gets a sound icon's audio: mono signed 16-bit samples at the synthesizer's rate.
public protocol SoundIconSource: Sendable {
    /// The sound that `source` names (a sound icon's name, or SSML `<audio src>`), or nil when no allowed
    /// sound folder has one that can be read. Called on the synthesis thread, never the scheduler's;
    /// it may wait for a file to be decoded, and gives up, with nil, once `isCancelled` is true.
    func samples(forSource source: String, sampleRate: Int, isCancelled: () -> Bool) -> [Int16]?
}

extension SoundIconLibrary: SoundIconSource {
    public func samples(forSource source: String, sampleRate: Int, isCancelled: () -> Bool) -> [Int16]? {
        try? sound(forSource: source, sampleRate: sampleRate, isCancelled: isCancelled).get()
    }
}
