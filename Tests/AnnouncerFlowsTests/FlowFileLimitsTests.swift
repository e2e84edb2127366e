import Foundation
import Testing
@testable import AnnouncerFlows

/// Flow files are read within the bounds of voice profiles (`YAMLLimits.flow`), so `flow check` in CI
/// cannot hang or run out of memory on a hostile or broken file: one sentence, and the next file.
@Suite struct FlowFileLimitsTests {
    static func problems(file: String) -> [String] {
        if case let .failure(error) = FlowReader.read(file: file) { return error.problems.map(\.description) }
        return []
    }

    static func problems(yaml: String) -> [String] {
        if case let .failure(error) = FlowReader.read(yaml: yaml, file: "bomb.en.yaml") { return error.problems.map(\.message) }
        return []
    }

    /// A flow whose screens are ten levels of nine aliases: 9^10 screens from some 600 bytes.
    static let screensBomb: String = {
        var lines = ["flow: Bomb", "language: en", "anchors:", "  - &s0 [{id: s, elements: [{id: e, role: button, label: B}]}]"]
        for level in 1..<10 {
            lines.append("  - &s\(level) [" + Array(repeating: "*s\(level - 1)", count: 9).joined(separator: ", ") + "]")
        }
        return (lines + ["screens: *s9"]).joined(separator: "\n") + "\n"
    }()

    @Test("A flow whose aliases expand past 250,000 values is refused in one sentence by FlowReader")
    func aliasBombIsRefused() {
        #expect(Self.problems(yaml: Self.screensBomb) == [
            "Its aliases (*name) expand it to more than 250000 values; a flow file may hold at most 250000, so it was not read.",
        ])
    }

    @Test("A flow whose mapping key is an alias of a bomb is refused, where reading it once spun for ever")
    func complexKeyBombIsRefused() {
        var lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for level in 1..<10 {
            lines.append("a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]")
        }
        let yaml = (lines + ["? *a9", ": x"]).joined(separator: "\n")
        #expect(Self.problems(yaml: yaml).count == 1)
        #expect(Self.problems(yaml: yaml).first?.hasPrefix("Its aliases (*name) expand it") == true)
    }

    @Test("A flow file of 1 MiB and one byte is refused unread, in one sentence naming the file and the limit")
    func oversizedFlowFileIsRefused() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("flow-\(UUID().uuidString).en.yaml").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(repeating: UInt8(ascii: "#"), count: (1 << 20) + 1).write(to: URL(fileURLWithPath: path))
        #expect(Self.problems(file: path) == ["\(path): The file is 1048577 bytes; a flow file may be at most 1 MiB, so it was not read."])
    }
}
