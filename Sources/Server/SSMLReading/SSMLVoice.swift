import AnnouncerCore

/// The kind of voice a `voice` element's `gender` and `age` ask for, in Speech Dispatcher's voice types.
enum SSMLVoice {
    /// `female` gives `female1`, `male` gives `male1`, an age under 13 a child of that gender; what is
    /// not said (no gender, `neutral`, no age) is taken from `current`, and a child with no gender
    /// is male, as Speech Dispatcher's default voice is. A `current` that already fits is kept.
    static func voiceType(gender: String?, age: String?, current: VoiceType?) -> VoiceType? {
        let female: Bool? = switch gender?.trimmed.lowercased() {
        case "female": true
        case "male": false
        default: nil
        }
        let child = age.flatMap { Int($0.trimmed) }.flatMap { $0 >= 0 ? $0 < 13 : nil }
        let currentIsFemale = [.female1, .female2, .female3, .childFemale].contains(current)
        let currentIsChild = [.childMale, .childFemale].contains(current)
        // Only an age of 13 or more, with no gender, changes nothing unless a child voice is in force.
        if female == nil, child == nil || (child == false && !currentIsChild) { return current }
        let isFemale = female ?? currentIsFemale
        let isChild = child ?? currentIsChild
        if current != nil, currentIsFemale == isFemale, currentIsChild == isChild { return current }
        return switch (isChild, isFemale) {
        case (true, true): .childFemale
        case (true, false): .childMale
        case (false, true): .female1
        case (false, false): .male1
        }
    }
}
