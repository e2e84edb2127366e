/// The language an announcement is spoken in, named by its code: `en`, `nb`, or any other a voice profile adds.
///
/// Whether a language can be spoken is up to the voice profiles the engine loaded; this type
/// only reads and normalizes the code.
public struct Language: RawRepresentable, Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The lower-case primary language subtag, such as `en` or `nb`.
    public let rawValue: String

    /// English.
    public static let english = Language(checked: "en")
    /// Norwegian Bokmål.
    public static let norwegianBokmal = Language(checked: "nb")

    /// Reads a code such as `en`, `en-GB`, `nb`, `nb_NO.UTF-8` or `no`, ignoring case.
    /// `no` (Norwegian) gives `nb`, the written standard most Norwegians use. Returns nil
    /// unless the primary subtag is two or three ASCII letters.
    public init?(code: String) {
        let primary = code.lowercased()
            .split(separator: "@").first.map(String.init) ?? ""
        let subtag = primary
            .split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == "." })
            .first.map(String.init) ?? ""
        guard (2...3).contains(subtag.count), subtag.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        self.rawValue = subtag == "no" ? "nb" : subtag
    }

    public init?(rawValue: String) { self.init(code: rawValue) }

    private init(checked code: String) { rawValue = code }

    /// The default language from a POSIX locale such as the value of `LANG`:
    /// `nb_NO.UTF-8` and `no_NO.UTF-8` give Norwegian Bokmål; `C`, `POSIX` or nothing give English.
    public init(locale: String?) {
        self = locale.flatMap(Language.init(code:)) ?? .english
    }

    public var description: String { rawValue }

    public static func < (lhs: Language, rhs: Language) -> Bool { lhs.rawValue < rhs.rawValue }
}
