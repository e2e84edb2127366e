/// Why the sound server could not be reached, in one sentence.
public struct PulseAudioError: Error, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
