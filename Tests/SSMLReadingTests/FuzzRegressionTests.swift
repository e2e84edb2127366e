import AnnouncerCore
import SSMLReading
import Testing

/// Inputs the FuzzSSML harness (Fuzz/, docs/RELIABILITY.md) found, fed to the reader as the harness
/// feeds them: bytes, invalid UTF-8 repaired.
@Suite struct FuzzRegressionTests {
    @Test("A combining mark alone after collapsed whitespace does not leave a run ending in whitespace (found by the fuzzer)")
    func combiningMarkAfterWhitespace() {
        let bytes: [UInt8] = [
            0xFE, 0x09, 0x09, 0x6E, 0x89, 0x09, 0x09, 0x0B, 0x6E, 0x09, 0x09, 0x09, 0x3F,
            0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0xCD, 0x82, 0x09,
        ]
        let script = SSMLReader().read(String(decoding: bytes, as: UTF8.self))
        #expect(script.parts == [.text("\u{FFFD} n\u{FFFD} n ? \u{0342}", .plain)])
        #expect(script.problem == nil)
    }
}
