/// The language an announcement is spoken in.
public enum Language: String, Sendable, Hashable, CaseIterable {
    /// English.
    case english = "en"
    /// Norwegian Bokmål.
    case norwegianBokmal = "nb"

    /// Reads a language code such as `en`, `en-GB`, `nb`, `nb_NO` or `no`, ignoring case.
    public init?(code: String) {
        let primary = code.lowercased()
            .split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == "." })
            .first.map(String.init) ?? ""
        switch primary {
        case "en": self = .english
        case "nb", "no": self = .norwegianBokmal
        default: return nil
        }
    }

    /// The default language from a POSIX locale such as the value of `LANG`:
    /// `nb_NO.UTF-8` and `no_NO.UTF-8` give Norwegian Bokmål, anything else English.
    public init(locale: String?) {
        guard let locale, let language = Language(code: locale) else {
            self = .english
            return
        }
        self = language
    }

    /// The codes accepted on the command line and in requests, for error messages.
    public static var supportedCodes: String {
        allCases.map(\.rawValue).joined(separator: ", ")
    }
}
