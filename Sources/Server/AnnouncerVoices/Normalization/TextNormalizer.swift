/// Rewrites what eSpeak reads badly (clock times, dates, abbreviations, e-mail addresses, URLs,
/// grouped numbers) into words, from the tables in a profile's `normalization:` section.
///
/// All the words are in the tables; this type only finds where each rule applies. The text is
/// scanned once, left to right: at the start of each word the rules are tried in a fixed order
/// (addresses, then dates, clock times and numbers, then abbreviations), and the first that
/// recognizes something replaces it. What no rule recognizes is passed on unchanged.
public struct TextNormalizer: Sendable, Equatable {
    public var abbreviations = AbbreviationTable()
    public var clockTimes = ClockTimeRule()
    public var dates = DateRule()
    public var addresses = AddressRule()
    public var numbers = GroupedNumberRule()

    public init(
        abbreviations: AbbreviationTable = AbbreviationTable(), clockTimes: ClockTimeRule = ClockTimeRule(),
        dates: DateRule = DateRule(), addresses: AddressRule = AddressRule(), numbers: GroupedNumberRule = GroupedNumberRule()
    ) {
        self.abbreviations = abbreviations
        self.clockTimes = clockTimes
        self.dates = dates
        self.addresses = addresses
        self.numbers = numbers
    }

    static let keys = ["abbreviations", "clock_times", "dates", "addresses", "numbers"]

    /// `text` with every rule applied.
    public func normalize(_ text: String) -> String {
        let marks = Marks(text)
        // Most announcements ("Sign in, button") hold nothing to normalize: leave them without copying.
        guard marks.any || abbreviations.hasEntriesWithoutFullStop else { return text }
        let scanner = TextScanner(text)
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        var index = 0
        while index < scanner.count {
            let character = scanner.characters[index]
            if scanner.isWordStart(index), let run = recognize(scanner, at: index, marks: marks, spoken: result) {
                result += run.spoken
                index = run.end
                continue
            }
            result.append(character)
            index += 1
        }
        return result
    }

    /// The first rule that recognizes something at `index`.
    private func recognize(_ scanner: TextScanner, at index: Int, marks: Marks, spoken: String) -> NormalizedRun? {
        let character = scanner.characters[index]
        if character.isASCIIDigit {
            return dates.matchNumeric(scanner, at: index)
                ?? clockTimes.match(scanner, at: index, after: spoken)
                ?? dates.matchNamed(scanner, at: index)
                ?? numbers.match(scanner, at: index)
        }
        guard character.isWordLetter else { return nil }
        return (marks.webAddress ? addresses.matchURL(scanner, at: index) : nil)
            ?? (marks.at ? addresses.matchEmail(scanner, at: index) : nil)
            ?? (marks.digit ? dates.matchNamed(scanner, at: index) : nil)
            ?? abbreviations.match(scanner, at: index)
    }

    /// What one pass over the bytes of a text tells: which rules could apply at all, so the
    /// others are not tried at every word.
    private struct Marks {
        var digit = false
        var at = false
        /// "://" or "www.": a web address may be there.
        var webAddress = false
        var fullStopOrColon = false

        init(_ text: String) {
            var last3: (UInt8, UInt8, UInt8) = (0, 0, 0)
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = true
                case UInt8(ascii: "@"): at = true
                case UInt8(ascii: ":"): fullStopOrColon = true
                case UInt8(ascii: "/"):
                    if last3.1 == UInt8(ascii: ":"), last3.2 == UInt8(ascii: "/") { webAddress = true }
                case UInt8(ascii: "."):
                    fullStopOrColon = true
                    let w = UInt8(ascii: "w")
                    if last3.0 | 0x20 == w, last3.1 | 0x20 == w, last3.2 | 0x20 == w { webAddress = true }
                default: break
                }
                last3 = (last3.1, last3.2, byte)
            }
        }

        var any: Bool { digit || at || webAddress || fullStopOrColon }
    }

    /// Reads a `normalization:` section over this one.
    mutating func read(_ node: YAMLNode) {
        guard let entries = node.mapping() else { return }
        for (key, value) in entries {
            switch key {
            case "abbreviations": abbreviations.read(value)
            case "clock_times": clockTimes.read(value)
            case "dates": dates.read(value)
            case "addresses": addresses.read(value)
            case "numbers": numbers.read(value)
            default:
                node.report(key: key, "\(value.path) is not part of normalization; the keys are \(Self.keys.joined(separator: ", ")).")
            }
        }
    }
}
