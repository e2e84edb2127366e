/// The capabilities `session.new` asks for in `alwaysMatch`; any other key is ignored.
struct ATDriverCapabilitiesRequest: Sendable, Equatable, Codable {
    var atName: String?
    var atVersion: String?
    var platformName: String?

    init(atName: String? = nil, atVersion: String? = nil, platformName: String? = nil) {
        self.atName = atName
        self.atVersion = atVersion
        self.platformName = platformName
    }

    /// Why `identity` does not have these capabilities, or nil when it has them all. The name and platform
    /// match ignoring case. A version matches as a prefix of whole parts ("46" matches "46.1", not "4"), or
    /// compared part by part after one of the operators `<`, `<=`, `>`, `>=` that the specification allows.
    func mismatch(with identity: ATDriverIdentity) -> String? {
        if let atName, atName.lowercased() != identity.atName.lowercased() {
            return "This server drives \(identity.atName), not \(atName)."
        }
        if let atVersion, !Self.version(identity.atVersion, satisfies: atVersion) {
            return "This server drives \(identity.atName) \(identity.atVersion), which does not match the requested version \(atVersion)."
        }
        if let platformName, platformName.lowercased() != identity.platformName.lowercased() {
            return "This server runs on \(identity.platformName), not \(platformName)."
        }
        return nil
    }

    private static func version(_ version: String, satisfies requirement: String) -> Bool {
        let trimmed = requirement.trimmingPrefix(while: \.isWhitespace)
        for (symbol, holds) in comparisons where trimmed.hasPrefix(symbol) {
            let wanted = parts(trimmed.dropFirst(symbol.count).trimmingPrefix(while: \.isWhitespace))
            return holds(compare(parts(Substring(version)), wanted))
        }
        let wanted = trimmed.split(separator: ".", omittingEmptySubsequences: false)
        let actual = version.split(separator: ".", omittingEmptySubsequences: false)
        return wanted.count <= actual.count && zip(wanted, actual).allSatisfy { $0 == $1 }
    }

    /// The operators, longest first so that `<=` is not read as `<`.
    private static let comparisons: [(String, @Sendable (Int) -> Bool)] = [
        ("<=", { $0 <= 0 }), (">=", { $0 >= 0 }), ("<", { $0 < 0 }), (">", { $0 > 0 }),
    ]

    /// A version's numeric parts; a part that is not a number, such as "1-beta", counts by its leading digits.
    private static func parts(_ version: Substring) -> [Int] {
        version.split(separator: ".").map { Int($0.prefix(while: \.isNumber)) ?? 0 }
    }

    /// Negative, zero or positive as `left` is below, equal to or above `right`; missing parts count as zero.
    private static func compare(_ left: [Int], _ right: [Int]) -> Int {
        for index in 0..<max(left.count, right.count) {
            let (a, b) = (index < left.count ? left[index] : 0, index < right.count ? right[index] : 0)
            if a != b { return a < b ? -1 : 1 }
        }
        return 0
    }
}
