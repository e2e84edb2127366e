public import AnnouncerCore
import Foundation

/// Finds the English inside Bokmål text, so each part is spoken by its own voice profile: "Feil:
/// Network request failed" is "Feil:" in Bokmål and "Network request failed" in English.
///
/// It decides by two word lists made from Debian's word lists (`Voices/switching/make`), with no
/// network and nothing to download: the English words Bokmål does not have, and the words both
/// have. The rules, each a tested behaviour, chosen so that Bokmål text never switches by mistake:
/// - A word both languages have ("start", "data", "to") never switches on its own; it may stand
///   inside an English phrase ("Failed to fetch"), and an English phrase takes those that stand
///   between it and the start or end of its clause ("Sign in with Google").
/// - Two English words or more, with nothing but shared words, names and numbers between, switch.
/// - A single English word switches only when it is clearly foreign: four letters or more. Names
///   are in neither list (the lists leave out words English has only with a capital), so a
///   capitalized English word is a label ("Abonnementet er Paused") and switches.
/// - A word with æ, ø or å, or one neither list has (a Bokmål word or a name), ends a phrase, except
///   a name inside one ("Sign in with Google account"); a capitalized shared word next to a phrase
///   goes with it ("High priority").
/// - A word the Bokmål profile names in `english_words` always switches, alone or short or shared
///   ("Slå på Bluetooth"): the profile's word for what the lists cannot know.
/// - At most one switch per three words: past that, the rest stay in the announcement's language.
///
/// Bokmål inside English is found the other way round, from a third list: the Bokmål words of user
/// interfaces that English lacks or hardly uses ("Logg inn", "Avbryt", "Brukernavnet er feil"), and
/// any word with æ, ø or å. There a phrase is only its Bokmål words and the names and numbers beside
/// them: the words both languages have are far more often English.
public struct LanguageSwitcher: Sendable {
    /// The language whose text is searched for another.
    public let base: Language
    /// The language found inside it.
    public let foreign: Language
    private let lists: SwitchingWordLists

    public init(
        base: Language = .norwegianBokmal, foreign: Language = .english, foreignOnly: SortedWordList, shared: SortedWordList,
        bokmalInEnglish: SortedWordList? = nil
    ) {
        self.base = base
        self.foreign = foreign
        self.lists = SwitchingWordLists(foreignOnly: foreignOnly, shared: shared, bokmalInEnglish: bokmalInEnglish)
    }

    private init(lists: SwitchingWordLists) {
        self.base = .norwegianBokmal
        self.foreign = .english
        self.lists = lists
    }

    /// The shipped lists in `directory/switching/`, or nil when either is missing. They are read when
    /// first needed, on the first Bokmål text searched, so that a server that never speaks Bokmål
    /// spends neither the start-up time nor the megabyte on them.
    public static func shipped(inVoicesDirectory directory: String) -> LanguageSwitcher? {
        let paths = ["en-not-nb.txt", "en-and-nb.txt", "nb-in-en.txt"].map { "\(directory)/switching/\($0)" }
        guard paths.prefix(2).allSatisfy({ FileManager.default.isReadableFile(atPath: $0) }) else { return nil }
        return LanguageSwitcher(lists: SwitchingWordLists(
            foreignOnlyFile: paths[0], sharedFile: paths[1],
            bokmalInEnglishFile: FileManager.default.isReadableFile(atPath: paths[2]) ? paths[2] : nil))
    }

    /// Reads the lists now, if they are read from files and not yet read: for a server whose
    /// announcements are mostly Bokmål, so that the first one does not wait for them.
    public func preload() { lists.readAll() }

    /// `text` split into the stretches each language speaks, in order; one segment in `language` when
    /// nothing switches or when `language` is neither language. `named` holds words that always
    /// switch to English, as written or in lower case (for Bokmål text).
    public func segments(of text: String, in language: Language, naming named: Set<String> = []) -> [LanguageSegment] {
        let direction: Direction
        let found: SwitchingWordLists.Lists?
        if language == base {
            (direction, found) = (.englishInBokmal, self.lists.forBokmalText)
        } else if language == foreign {
            (direction, found) = (.bokmalInEnglish, self.lists.forEnglishText)
        } else {
            return [LanguageSegment(text, language)]
        }
        guard let lists = found else { return [LanguageSegment(text, language)] }
        let (outer, inner) = direction == .englishInBokmal ? (base, foreign) : (foreign, base)
        let words = Self.words(of: text).map { classified($0, naming: direction == .englishInBokmal ? named : [], by: lists, direction) }
        var phrases = foreignPhrases(in: words, direction)
        // At most one switch per three words.
        phrases = Array(phrases.prefix((words.count + 2) / 3))
        guard !phrases.isEmpty else { return [LanguageSegment(text, language)] }
        var segments: [LanguageSegment] = []
        var position = text.startIndex
        for phrase in phrases {
            let range = words[phrase.lowerBound].range.lowerBound..<words[phrase.upperBound].range.upperBound
            if position < range.lowerBound { segments.append(LanguageSegment(String(text[position..<range.lowerBound]), outer)) }
            segments.append(LanguageSegment(String(text[range]), inner))
            position = range.upperBound
        }
        if position < text.endIndex { segments.append(LanguageSegment(String(text[position...]), outer)) }
        return segments
    }

    /// Which language is searched for inside which.
    private enum Direction { case englishInBokmal, bokmalInEnglish }

    // MARK: - Words

    /// A word's part in the search: `foreign` is the language searched for, `base` the text's own.
    private enum Kind { case foreign, shared, name, number, base }

    private struct Word {
        var range: Range<String.Index>
        var text: Substring
        /// First in its clause: at the start, or after `.`, `:`, `!`, `?`, `;` or a line break.
        var startsClause: Bool
        /// Last in its clause.
        var endsClause = false
        var kind: Kind = .base
        /// Named by the profile to switch, alone or short.
        var named = false
    }

    private static let clauseBreaks: Set<Unicode.Scalar> = [".", ":", "!", "?", ";", "\n", "(", ")"]
    private static let joiners: Set<Unicode.Scalar> = ["'", "\u{2019}", "-"]

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar.properties.numericType != nil
    }

    /// The words of `text`: runs of letters and digits, with an apostrophe or hyphen inside kept.
    /// Read by Unicode scalar rather than by Character: a word's edges never fall inside a grapheme
    /// that matters here, and it is several times quicker.
    private static func words(of text: String) -> [Word] {
        let scalars = text.unicodeScalars
        var words: [Word] = []
        var index = scalars.startIndex
        var clauseBegins = true
        while index < scalars.endIndex {
            let scalar = scalars[index]
            guard isWordScalar(scalar) else {
                if clauseBreaks.contains(scalar) {
                    clauseBegins = true
                    if !words.isEmpty { words[words.count - 1].endsClause = true }
                }
                index = scalars.index(after: index)
                continue
            }
            let start = index
            var end = scalars.index(after: index)
            while end < scalars.endIndex {
                let next = scalars[end]
                if isWordScalar(next) || next.properties.isGraphemeExtend { end = scalars.index(after: end); continue }
                let after = scalars.index(after: end)
                if joiners.contains(next), after < scalars.endIndex, isWordScalar(scalars[after]) {
                    end = after
                    continue
                }
                break
            }
            words.append(Word(range: start..<end, text: text[start..<end], startsClause: clauseBegins))
            clauseBegins = false
            index = end
        }
        if !words.isEmpty { words[words.count - 1].endsClause = true }
        return words
    }

    private func classified(_ word: Word, naming named: Set<String>, by lists: SwitchingWordLists.Lists, _ direction: Direction) -> Word {
        var word = word
        if !named.isEmpty, named.contains(String(word.text)) || named.contains(word.text.lowercased()) {
            word.kind = .foreign
            word.named = true
        } else {
            word.kind = direction == .englishInBokmal ? kind(of: word, by: lists) : kindInEnglish(of: word, by: lists)
        }
        return word
    }

    private func kind(of word: Word, by lists: SwitchingWordLists.Lists) -> Kind {
        guard let foreignOnly = lists.foreignOnly else { return .base }
        let shared = lists.shared
        if word.text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || $0 == "-" }) { return .number }
        if word.text.unicodeScalars.contains(where: { "æøåÆØÅ".unicodeScalars.contains($0) }) { return .base }
        let lower = word.text.lowercased()
        if foreignOnly.contains(lower) { return .foreign }
        if shared.contains(lower) { return .shared }
        // A hyphenated word is English when each part is, or shared ("two-factor"); a contraction is
        // looked up without its ending ("can't", "won't").
        let parts = lower.split(separator: "-").map { part in
            part.split(whereSeparator: { $0 == "'" || $0 == "’" }).first.map(String.init) ?? String(part)
        }
        if parts.count > 1 || parts.first != lower {
            let kinds = parts.map { part in
                part.count < 2 ? Kind.base : foreignOnly.contains(part) ? .foreign : shared.contains(part) ? .shared : .base
            }
            if !kinds.contains(.base) { return kinds.contains(.foreign) ? .foreign : .shared }
        }
        let capitalized = word.text.first?.isUppercase ?? false
        return capitalized && !word.startsClause ? .name : .base
    }

    /// A word's kind in English text searched for Bokmål: Bokmål when it has æ, ø or å or is a Bokmål
    /// interface word; shared when both languages have it; a name when capitalized inside a clause and
    /// in neither list; else English.
    private func kindInEnglish(of word: Word, by lists: SwitchingWordLists.Lists) -> Kind {
        if word.text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || $0 == "-" }) { return .number }
        if word.text.unicodeScalars.contains(where: { "æøåÆØÅ".unicodeScalars.contains($0) }) { return .foreign }
        let lower = word.text.lowercased()
        if lists.bokmalInEnglish?.contains(lower) == true { return .foreign }
        if lists.shared.contains(lower) { return .shared }
        let capitalized = word.text.first?.isUppercase ?? false
        return capitalized && !word.startsClause ? .name : .base
    }

    /// The foreign phrases, each as the range of its first and last word.
    private func foreignPhrases(in words: [Word], _ direction: Direction) -> [ClosedRange<Int>] {
        var phrases: [ClosedRange<Int>] = []
        var index = 0
        while index < words.count {
            // A stretch of words that may stand in a foreign phrase: no Bokmål word inside.
            guard words[index].kind != .base else { index += 1; continue }
            var end = index
            while end + 1 < words.count, words[end + 1].kind != .base { end += 1 }
            let found = direction == .englishInBokmal
                ? phrase(in: words, from: index, through: end)
                : bokmalPhrase(in: words, from: index, through: end)
            if let found { phrases.append(found) }
            index = end + 1
        }
        return phrases
    }

    /// The foreign phrase inside words `start...end`, none of them Bokmål, if it switches.
    private func phrase(in words: [Word], from start: Int, through end: Int) -> ClosedRange<Int>? {
        let foreignIndices = (start...end).filter { words[$0].kind == .foreign }
        guard var first = foreignIndices.first, var last = foreignIndices.last else { return nil }
        // One English word alone switches only when it is clearly foreign: four letters or more.
        // Names are in no list ("Google"), so a capitalized word in the English list is a label
        // ("Abonnementet er Paused").
        if foreignIndices.count == 1, words[first].text.count < 4, !words[first].named { return nil }
        // Shared words, names and numbers go with the phrase when they reach its clause's start or end
        // ("Sign in with Google"); otherwise only names, numbers and capitalized shared words next to
        // it do, as a label's words are ("Trykk på Sign in with Apple").
        var clauseStart = first
        while clauseStart > start, !words[clauseStart].startsClause { clauseStart -= 1 }
        if words[clauseStart].startsClause {
            first = clauseStart
        } else {
            while first > start, joins(words[first - 1]) { first -= 1 }
        }
        var clauseEnd = last
        while clauseEnd < end, !words[clauseEnd].endsClause { clauseEnd += 1 }
        if words[clauseEnd].endsClause {
            last = clauseEnd
        } else {
            while last < end, joins(words[last + 1]) { last += 1 }
        }
        return first...last
    }

    /// The Bokmål phrase inside words `start...end` of English text, if it switches: from its first
    /// Bokmål word to its last, with the names and numbers beside them. One Bokmål word alone switches
    /// when it has four letters or more, or æ, ø or å.
    private func bokmalPhrase(in words: [Word], from start: Int, through end: Int) -> ClosedRange<Int>? {
        let bokmal = (start...end).filter { words[$0].kind == .foreign }
        guard var first = bokmal.first, var last = bokmal.last else { return nil }
        if bokmal.count == 1, words[first].text.count < 4,
           !words[first].text.unicodeScalars.contains(where: { "æøåÆØÅ".unicodeScalars.contains($0) }) { return nil }
        while first > start, [.name, .number].contains(words[first - 1].kind) { first -= 1 }
        while last < end, [.name, .number].contains(words[last + 1].kind) { last += 1 }
        return first...last
    }

    /// True when `word`, next to an English phrase inside a clause, goes with it.
    private func joins(_ word: Word) -> Bool {
        switch word.kind {
        case .name, .number: true
        case .shared: word.text.first?.isUppercase ?? false
        case .foreign, .base: false
        }
    }
}
