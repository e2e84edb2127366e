/// The rule for a sound icon's name from a client: a file's name in a sound-icon folder, never a path.
enum SoundIconName {
    /// The longest file name Linux file systems allow.
    static let longestBytes = 255

    /// What is wrong with `name`, or nil when it may be looked up.
    static func refusal(for name: String) -> SoundIconProblem.NameRefusal? {
        if name.isEmpty { return .empty }
        // Control characters first: a NUL would end the name early when it reaches C, and it is the
        // most telling thing wrong with a name that also has a slash.
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { return .containsControlCharacter }
        if name.contains("/") { return .containsSlash }
        // Covers "." and "..", and hidden files.
        if name.hasPrefix(".") { return .startsWithDot }
        if name.utf8.count > longestBytes { return .tooLong(bytes: name.utf8.count) }
        return nil
    }
}
