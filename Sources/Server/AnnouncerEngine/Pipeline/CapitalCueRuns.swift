import AnnouncerCore

/// An announcement's text cut where a capital-letter cue sounds, when capitals are marked by a sound.
///
/// Spelled text is cut before each capital letter, so each run after the first begins with one and
/// the cue plays between the runs' audio; a key with a capital letter among its parts (`shift_A`) gets
/// one cue before it. Any other announcement is one run without a cue.
struct CapitalCueRuns: Equatable {
    /// One piece of text to synthesize, with or without the cue just before it.
    struct Run: Equatable {
        var cue: Bool
        var text: String
    }

    let runs: [Run]

    init(text: String, reading: TextReading, capitals: CapitalLetters) {
        guard capitals == .sound else {
            runs = [Run(cue: false, text: text)]
            return
        }
        switch reading {
        case .words:
            runs = [Run(cue: false, text: text)]
        case .key:
            let capital = text.split(separator: "_").contains { $0.count == 1 && Self.isCapital($0.first) }
            runs = [Run(cue: capital, text: text)]
        case .characters:
            var runs: [Run] = []
            var current = ""
            for character in text {
                if Self.isCapital(character), !current.isEmpty {
                    runs.append(Run(cue: current.first.map(Self.isCapital) ?? false, text: current))
                    current = ""
                }
                current.append(character)
            }
            runs.append(Run(cue: Self.isCapital(current.first), text: current))
            self.runs = runs
        }
    }

    private static func isCapital(_ character: Character?) -> Bool {
        guard let character else { return false }
        return character.isLetter && character.isUppercase
    }
}
