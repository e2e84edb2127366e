/// Text as an array of characters with the small look-ups every normalization rule needs,
/// so each rule scans by index instead of building regular expressions.
struct TextScanner {
    let characters: [Character]

    init(_ text: String) { characters = Array(text) }

    var count: Int { characters.count }

    subscript(index: Int) -> Character? {
        index >= 0 && index < characters.count ? characters[index] : nil
    }

    /// True when `index` is at the start of a word: the character before it is no letter or digit.
    func isWordStart(_ index: Int) -> Bool {
        guard let before = self[index - 1] else { return true }
        return !before.isWordCharacter
    }

    /// True when the character at `index` is an ASCII digit.
    func isDigit(_ index: Int) -> Bool {
        self[index]?.isASCIIDigit == true
    }

    /// The end of the run of ASCII digits starting at `index` (`index` itself when there is none).
    func digitsEnd(from index: Int) -> Int {
        var end = index
        while isDigit(end) { end += 1 }
        return end
    }

    /// The characters from `start` up to `end` as text.
    func text(_ start: Int, _ end: Int) -> String {
        String(characters[start..<end])
    }

    /// The number written by the digits from `start` up to `end`; `Int.max` for one too long to hold,
    /// which every rule then refuses as no hour, day, month or year. A client may send any run of digits.
    func number(_ start: Int, _ end: Int) -> Int {
        var value = 0
        for character in characters[start..<end] {
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(Int(character.asciiValue! - 48))
            if overflowTimes || overflowSum { return .max }
            value = sum
        }
        return value
    }

    /// True when `text` is written at `index`, in any case when `ignoringCase`.
    func has(_ text: String, at index: Int, ignoringCase: Bool = false) -> Bool {
        var cursor = index
        for wanted in text {
            guard let found = self[cursor] else { return false }
            if found != wanted, !ignoringCase || !Self.sameIgnoringCase(found, wanted) { return false }
            cursor += 1
        }
        return true
    }

    private static func sameIgnoringCase(_ first: Character, _ second: Character) -> Bool {
        // ASCII, as in "www." and "pm", without making strings.
        if let a = first.asciiValue, let b = second.asciiValue { return a | 0x20 == b | 0x20 && (a | 0x20) >= 97 && (a | 0x20) <= 122 }
        return first.lowercased() == second.lowercased()
    }

    /// True when nothing but spaces and closing quotes or brackets follow `index`: the text ends there.
    func endsAfter(_ index: Int) -> Bool {
        var cursor = index
        while let character = self[cursor] {
            guard character.isWhitespace || "\"'»”’)]".contains(character) else { return false }
            cursor += 1
        }
        return true
    }

    /// True when a new sentence seems to start after `index`: spaces, then a capital letter.
    func capitalFollows(_ index: Int) -> Bool {
        var cursor = index
        guard self[cursor]?.isWhitespace == true else { return false }
        while self[cursor]?.isWhitespace == true { cursor += 1 }
        return self[cursor]?.isUppercase == true
    }
}

extension Character {
    /// True for 0 to 9 only; `isNumber` is also true for "½" and Arabic-Indic digits, which eSpeak reads itself.
    var isASCIIDigit: Bool { asciiValue.map { $0 >= 48 && $0 <= 57 } ?? false }

    /// `isLetter`, answered without Unicode tables for ASCII, which is most text; the rules ask it of nearly every character.
    var isWordLetter: Bool {
        guard let ascii = asciiValue else { return isLetter }
        return (ascii | 0x20) >= 97 && (ascii | 0x20) <= 122
    }

    /// A letter or a digit: what continues a word.
    var isWordCharacter: Bool {
        guard let ascii = asciiValue else { return isLetter || isNumber }
        return (ascii >= 48 && ascii <= 57) || ((ascii | 0x20) >= 97 && (ascii | 0x20) <= 122)
    }
}
