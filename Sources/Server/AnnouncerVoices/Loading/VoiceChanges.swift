public import AnnouncerCore

/// What a reload of the voice profiles changed: languages added, removed, and profiles changed.
public struct VoiceChanges: Sendable, Equatable, CustomStringConvertible {
    public var added: [Language] = []
    public var removed: [Language] = []
    public var changed: [Language] = []

    /// Compares the profiles of two libraries, language by language.
    public init(from old: VoiceLibrary, to new: VoiceLibrary) {
        let before = Set(old.languages), after = Set(new.languages)
        added = after.subtracting(before).sorted()
        removed = before.subtracting(after).sorted()
        changed = before.intersection(after).filter { old.profile(for: $0) != new.profile(for: $0) }.sorted()
    }

    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && changed.isEmpty }

    /// One plain sentence: "nb changed; sv added." or "nothing changed."
    public var description: String {
        let parts = [(changed, "changed"), (added, "added"), (removed, "removed")].compactMap { languages, word in
            languages.isEmpty ? nil : "\(languages.map(\.rawValue).joined(separator: ", ")) \(word)"
        }
        return parts.isEmpty ? "nothing changed." : parts.joined(separator: "; ") + "."
    }
}
