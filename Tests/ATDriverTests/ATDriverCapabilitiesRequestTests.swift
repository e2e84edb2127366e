@testable import ATDriver
import Testing

/// How session.new's requested capabilities match the backend's identity.
@Suite("AT Driver capabilities")
struct ATDriverCapabilitiesRequestTests {
    let orca = ATDriverIdentity(atName: "Orca", atVersion: "46.1.2", display: ":99")

    /// Should match a version given as a prefix of whole parts, and not one that only shares digits.
    @Test("A version matches as a prefix of whole parts", arguments: [
        ("46", true), ("46.1", true), ("46.1.2", true), ("4", false), ("46.10", false), ("46.1.2.3", false), ("47", false),
    ])
    func versionPrefix(requested: String, matches: Bool) {
        #expect((ATDriverCapabilitiesRequest(atVersion: requested).mismatch(with: orca) == nil) == matches)
    }

    /// Should compare part by part after the operators the specification allows.
    @Test("A version after <, <=, > or >= is compared part by part", arguments: [
        (">=46", true), (">= 46.1.2", true), (">46.1", true), ("<46.2", true), ("<=46.1.2", true),
        (">46.1.2", false), ("<46", false), (">=46.10", false), ("<=45.9", false),
    ])
    func versionComparison(requested: String, matches: Bool) {
        #expect((ATDriverCapabilitiesRequest(atVersion: requested).mismatch(with: orca) == nil) == matches)
    }

    /// Should match the name and platform whatever their case, and refuse another platform.
    @Test("Name and platform match ignoring case")
    func nameAndPlatformIgnoreCase() {
        #expect(ATDriverCapabilitiesRequest(atName: "orca", platformName: "LINUX").mismatch(with: orca) == nil)
        #expect(ATDriverCapabilitiesRequest(platformName: "windows").mismatch(with: orca) != nil)
    }
}
