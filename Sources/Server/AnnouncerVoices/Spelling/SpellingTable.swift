public import AnnouncerCore

/// How a language spells text character by character: "capital A", "at sign"; "stor A", "krøllalfa".
///
/// Each character becomes one item, and the items are joined by `separator`:
/// a character with a name in `characterNames` is said by that name (a letter eSpeak would not
/// read as its name alone, such as English "a", is named there in `[[phonemes]]`); a capital letter
/// is `capital` around its small letter's item; any other letter or digit is given to eSpeak as it
/// is, which reads it by its name; and anything else is said by its Unicode name, so no character is
/// ever dropped in silence.
public struct SpellingTable: Sendable, Equatable {
    /// The spoken names of characters, such as `@` or a space, and of letters eSpeak misreads alone.
    public var characterNames: [Character: String] = [:]
    /// What a capital letter is said as; `{letter}` stands for its small letter's item.
    public var capital = "{letter}"
    /// Put between the items. A space keeps spelling brisk; `", "` would give eSpeak a clause pause after each.
    public var separator = " "

    /// The placeholder in `capital`.
    static let letterPlaceholder = "{letter}"

    public init(characterNames: [Character: String] = [:], capital: String = "{letter}", separator: String = " ") {
        self.characterNames = characterNames
        self.capital = capital
        self.separator = separator
    }

    /// `text` as eSpeak should read it when spelled: one item per character. A capital letter is
    /// `capital` around its letter only when `capitals` is `.spoken`; otherwise it is read as its small letter.
    public func spell(_ text: some StringProtocol, capitals: CapitalLetters = .spoken) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count * 8)
        for character in text {
            if !result.isEmpty { result += separator }
            result += item(for: character, capitals: capitals)
        }
        return result
    }

    /// The name this table gives `character`, if it gives one; punctuation names marks with it.
    public func name(of character: Character) -> String? {
        characterNames[character]
    }

    /// What eSpeak is given for one character.
    func item(for character: Character, capitals: CapitalLetters = .spoken) -> String {
        if let name = characterNames[character] { return name }
        if character.isLetter, character.isUppercase {
            let small = character.lowercased()
            let letter = small.count == 1 ? (characterNames[Character(small)] ?? small) : small
            guard capitals == .spoken else { return letter }
            return capital.replacingOccurrences(of: Self.letterPlaceholder, with: letter)
        }
        // eSpeak reads any letter or digit alone by its name, in other scripts too ("zhe", "omega").
        if character.isLetter || character.isNumber { return String(character) }
        return Self.unicodeName(of: character)
    }

    /// The character's Unicode name in small letters ("grinning face", "euro sign"), for characters the
    /// table does not name: eSpeak's Norwegian voice says nothing at all for an emoji or `€`.
    static func unicodeName(of character: Character) -> String {
        // Variation selectors and joiners only shape how the character looks.
        let scalars = Array(character.unicodeScalars).filter { scalar in
            !(0xFE00...0xFE0F).contains(scalar.value) && scalar.value != 0x200D
        }
        let names = (scalars.isEmpty ? Array(character.unicodeScalars) : scalars).map { scalar in
            scalar.properties.name ?? scalar.properties.nameAlias ?? "U+\(String(scalar.value, radix: 16, uppercase: true))"
        }
        return names.joined(separator: " ").lowercased()
    }
}

extension SpellingTable {
    /// Reads a `spelling:` section over this one: `capital` and `separator` replace, and each entry of
    /// `characters` adds or replaces a name (`null` or `~` removes one).
    mutating func read(_ node: YAMLNode) {
        guard let entries = node.mapping() else { return }
        for (key, value) in entries {
            switch key {
            case "capital":
                guard let text = value.string() else { continue }
                guard text.contains(Self.letterPlaceholder) else {
                    value.report("spelling.capital must contain {letter} where the letter goes, as in \"capital {letter}\".")
                    continue
                }
                // An unclosed [[ here would make eSpeak read the rest of every spelled text as phonemes.
                guard PhonemeSegments.isBalanced(text) else {
                    value.report("spelling.capital opens or closes [[ ]] without the other; phonemes go inside both, as \"[[k'ap@t@l]] {letter}\".")
                    continue
                }
                capital = text
            case "separator":
                guard let text = value.string() else { continue }
                guard !text.isEmpty, !text.contains(where: { $0.isLetter || $0.isNumber }),
                      !PhonemeSegments.containsBracketPair(text[...]) else {
                    value.report("spelling.separator must be spaces or punctuation without [[ or ]], such as \" \" or \", \", so the items stay apart.")
                    continue
                }
                separator = text
            case "characters":
                readCharacters(value)
            default:
                value.report("The key \"\(key)\" is not part of spelling; the keys are capital, separator and characters.")
            }
        }
    }

    private mutating func readCharacters(_ node: YAMLNode) {
        guard let entries = node.mapping() else { return }
        for (key, value) in entries {
            guard key.count == 1, let character = key.first else {
                value.report("spelling.characters names one character at a time; \"\(key.prefix(20))\" is \(key.count) characters. Quote the key, as in \"@\": at sign.")
                continue
            }
            if value.isNull {
                characterNames[character] = nil
                continue
            }
            guard let name = value.string() else { continue }
            guard !name.allSatisfy(\.isWhitespace) else {
                value.report("The name of \"\(key)\" is empty; give the words to say, or null to remove the name.")
                continue
            }
            // Every [[ needs its ]], or eSpeak would read the rest of the announcement as phonemes.
            if !PhonemeSegments.isBalanced(name) {
                value.report("The name of \"\(key)\" opens or closes [[ ]] without the other; phonemes go inside both, as [['eI]].")
                continue
            }
            characterNames[character] = name
        }
    }
}
