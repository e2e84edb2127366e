import AnnouncerCore
import Foundation
import Yams

/// Reads one voice profile file over the profiles read so far; a file with any problem changes nothing.
enum VoiceProfileReader {
    static let keys = [
        "language", "name", "espeak_voice", "voice_type", "rate", "pitch", "volume",
        "words", "normalization", "lexicon", "spelling", "keys", "punctuation", "language_switching",
        "english_words",
    ]

    /// Applies the file at `path` to `profiles`, or returns why it cannot.
    static func apply(file path: String, to profiles: inout [Language: VoiceProfile]) -> [FileProblem] {
        switch LimitedFileRead.text(of: path, limits: .voiceProfile) {
        case let .text(text): apply(yaml: text, file: path, to: &profiles)
        case let .problem(problem): [problem]
        }
    }

    /// Applies YAML text, named `file` in messages, to `profiles`.
    static func apply(yaml text: String, file: String, to profiles: inout [Language: VoiceProfile]) -> [FileProblem] {
        let document = YAMLDocument(yaml: text, file: file, limits: .voiceProfile)
        guard let top = document.root else {
            return document.problems.map { problem in
                problem.message == "The file is empty."
                    ? FileProblem(file: file, line: nil, message: "The file is empty; a profile needs at least language and espeak_voice.")
                    : problem
            }
        }
        let collector = top.problems
        guard let entries = top.mapping() else { return collector.problems }
        let byKey = Dictionary(entries.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })

        let stem = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        let languageCode = byKey["language"]?.string() ?? stem
        guard let language = Language(code: languageCode) else {
            let message = "\"\(languageCode)\" is not a language code; give language: with a code such as en, nb or sv."
            if let node = byKey["language"] { node.report(message) } else { top.report(message) }
            return collector.problems
        }

        var profile = profiles[language] ?? VoiceProfile(language: language, espeakVoice: "")
        for (key, node) in entries {
            switch key {
            case "language": break
            case "name": node.string().map { profile.name = $0 }
            case "espeak_voice": node.string().map { profile.espeakVoice = $0 }
            case "voice_type": node.string().map { profile.voiceType = $0.uppercased() }
            case "rate": node.integer(in: Prosody.rateRange).map { profile.rate = $0 }
            case "pitch": node.integer(in: Prosody.pitchRange).map { profile.pitch = $0 }
            case "volume": node.integer(in: Prosody.volumeRange).map { profile.volume = $0 }
            case "words": readWords(node, prefix: "", into: &profile.words)
            case "normalization": profile.normalizer.read(node)
            case "lexicon": profile.lexicon.read(node)
            case "spelling": profile.spelling.read(node)
            case "keys": profile.keys.read(node)
            case "punctuation": profile.punctuation.read(node)
            case "language_switching": node.bool().map { profile.switchesLanguage = $0 }
            case "english_words": readWordList(node).map { profile.englishWords.formUnion($0) }
            default:
                node.report("The key \"\(key)\" is not part of a voice profile; the keys are \(keys.joined(separator: ", ")).")
            }
        }
        // Punctuation names marks with the spelling table's names, which this file or an earlier one gives.
        if let node = byKey["punctuation"] ?? byKey["spelling"] {
            profile.punctuation.checkNames(in: profile.spelling, reportingAt: node)
        }
        if profile.espeakVoice.isEmpty {
            top.report("The profile for \(language) gives no espeak_voice; a new language needs one, such as espeak_voice: \(language).")
        }
        guard collector.problems.isEmpty else { return collector.problems }
        if profile.name == language.rawValue || profile.name.isEmpty, byKey["name"] == nil { profile.name = language.rawValue }
        profile.sources.append(file)
        profiles[language] = profile
        return []
    }

    /// A list of words, each a string without spaces; a file's list adds to the lists before it.
    private static func readWordList(_ node: YAMLNode) -> [String]? {
        guard let items = node.sequence() else { return nil }
        var words: [String] = []
        for item in items {
            guard let word = item.string(), !word.isEmpty, !word.contains(where: \.isWhitespace) else {
                item.report("Each of english_words is one word, without spaces; give \"Apple Pay\" as Apple and Pay.")
                continue
            }
            words.append(word)
        }
        return words
    }

    /// Flattens nested word tables into dotted keys: `roles: {button: knapp}` gives `roles.button`.
    private static func readWords(_ node: YAMLNode, prefix: String, into words: inout [String: String]) {
        guard let entries = node.mapping() else { return }
        for (key, value) in entries {
            let dotted = prefix.isEmpty ? key : "\(prefix).\(key)"
            if case .mapping = value.node {
                readWords(value, prefix: dotted, into: &words)
            } else if let word = value.string() {
                words[dotted] = word
            }
        }
    }
}
