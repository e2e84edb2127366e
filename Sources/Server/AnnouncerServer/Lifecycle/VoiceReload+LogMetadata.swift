import AnnouncerVoices
import Logging

extension VoiceChanges {
    /// The languages added, changed and removed, for the log line of a reload; `voices.changed none` if nothing changed.
    var metadata: Logger.Metadata {
        var metadata: Logger.Metadata = [:]
        for (languages, key) in [(added, "voices.added"), (changed, "voices.changed"), (removed, "voices.removed")] where !languages.isEmpty {
            metadata[key] = .array(languages.map { .string($0.rawValue) })
        }
        return metadata.isEmpty ? ["voices.changed": "none"] : metadata
    }
}

extension VoiceReloadRefusal {
    /// The first problem in words, and how many more there are, for the log line of a refused reload.
    var metadata: Logger.Metadata {
        var metadata: Logger.Metadata = ["voices.problem": "\(problems.first.map(\.description) ?? "a profile file has a problem")"]
        if problems.count > 1 { metadata["voices.more_problems"] = "\(problems.count - 1)" }
        return metadata
    }
}
