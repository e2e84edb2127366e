public import AnnouncerVoices

/// Why a reload of the voice profiles was refused: the files with problems. The old profiles stay.
public struct VoiceReloadRefusal: Error, Sendable, CustomStringConvertible {
    public let problems: [FileProblem]

    public var description: String {
        let first = problems.first.map(\.description) ?? "a profile file has a problem"
        let more = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
        return "The voice profiles were not reloaded and stay as they were, because of \(first)\(more)."
    }
}
