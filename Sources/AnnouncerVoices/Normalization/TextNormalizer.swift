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
        // Most announcements ("Sign in, button") hold nothing to normalize: leave them without copying.
        guard abbreviations.hasEntriesWithoutFullStop || text.utf8.contains(where: { $0 < 0x80 && Self.triggers[Int($0)] }) else {
            return text
        }
        let scanner = TextScanner(text)
        let hasAt = text.utf8.contains(UInt8(ascii: "@"))
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        var index = 0
        while index < scanner.count {
            let character = scanner.characters[index]
            if scanner.isWordStart(index), let run = recognize(scanner, at: index, hasAt: hasAt, spoken: result) {
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
    private func recognize(_ scanner: TextScanner, at index: Int, hasAt: Bool, spoken: String) -> NormalizedRun? {
        let character = scanner.characters[index]
        if character.isASCIIDigit {
            return dates.matchNumeric(scanner, at: index)
                ?? clockTimes.match(scanner, at: index, after: spoken)
                ?? dates.matchNamed(scanner, at: index)
                ?? numbers.match(scanner, at: index)
        }
        guard character.isWordLetter else { return nil }
        return addresses.matchURL(scanner, at: index)
            ?? (hasAt ? addresses.matchEmail(scanner, at: index) : nil)
            ?? dates.matchNamed(scanner, at: index)
            ?? abbreviations.match(scanner, at: index)
    }

    /// ASCII characters that may start or mark something a rule recognizes: digits, "@", "." and ":".
    private static let triggers: [Bool] = (0..<128).map { byte in
        (48...57).contains(byte) || [64, 46, 58].contains(byte)
    }

    /// Reads a `normalization:` section over this one.
    mutating func read(_ node: ProfileNode) {
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
