import TestSupport
import AnnouncerCore
import Foundation
import Testing
@testable import AnnouncerVoices

/// Profile files are read within bounds: 1 MiB, and 250,000 values and 64 levels with every alias
/// expanded, so a hostile or broken file is refused in one sentence and the profiles before it stay.
@Suite struct YAMLLimitsTests {
    static let wordsBomb = HostileYAML.wordsBomb
    static let complexKeyBomb = HostileYAML.complexKeyBomb

    @Test("An alias bomb under words: in the user's en.yaml is refused, naming the file and the limit, and the shipped profile stays")
    func wordsAliasBombIsRefusedAndTheShippedProfileStays() throws {
        let config = try VoiceLibraryTests.Folder([:])
        try FileManager.default.createDirectory(atPath: "\(config.path)/announcer/voices", withIntermediateDirectories: true)
        let file = "\(config.path)/announcer/voices/en.yaml"
        try Self.wordsBomb.write(toFile: file, atomically: true, encoding: .utf8)
        let library = VoiceLibrary.standard(environment: ["XDG_CONFIG_HOME": config.path])
        #expect(library.profile(for: .english) == VoiceLibrary.standard(environment: [:]).profile(for: .english))
        let problem = try #require(library.problems.first)
        #expect(library.problems.count == 1)
        #expect(problem.file == file)
        #expect(problem.message == "Its aliases (*name) expand it to more than 250000 values; a voice profile may hold at most 250000, so it was not read.")
    }

    @Test("A key that is an alias of an alias bomb is refused, not hashed through every expansion")
    func complexKeyAliasBombIsRefused() {
        var library = VoiceLibrary.standard(environment: [:])
        let before = library.profiles
        let problems = library.apply(yaml: Self.complexKeyBomb, file: "user/en.yaml")
        #expect(problems.map(\.message) == ["Its aliases (*name) expand it to more than 250000 values; a voice profile may hold at most 250000, so it was not read."])
        #expect(library.profiles == before)
    }

    @Test("A profile of 1 MiB and one byte is refused before it is read; one of exactly 1 MiB loads")
    func oneByteOverOneMebibyteIsRefused() throws {
        let entry = "lexicon:\n  Blindeforbundet: Blinde forbundet\n"
        let padding = { (bytes: Int) in "#" + String(repeating: " ", count: bytes - entry.utf8.count - 2) + "\n" }
        let folder = try VoiceLibraryTests.Folder([
            "en.yaml": padding(1 << 20) + entry,
            "nb.yaml": padding((1 << 20) + 1) + entry,
        ])
        let library = VoiceLibrary.standard(extra: [folder.path], environment: [:])
        #expect(library.profile(for: .english)?.lexicon.apply(to: "Blindeforbundet") == "Blinde forbundet")
        #expect(library.profile(for: .norwegianBokmal) == VoiceLibrary.standard(environment: [:]).profile(for: .norwegianBokmal))
        #expect(library.problems.map(\.description) == [
            "\(folder.path)/nb.yaml: The file is 1048577 bytes; a voice profile may be at most 1 MiB, so it was not read.",
        ])
    }

    @Test("Aliases nested past 64 levels are refused by depth, though they hold few values")
    func aliasesNestedTooDeepAreRefused() {
        let lines = ["a0: &a0 [x]"] + (1...70).map { "a\($0): &a\($0) [*a\($0 - 1)]" }
        var library = VoiceLibrary.standard(environment: [:])
        let problems = library.apply(yaml: lines.joined(separator: "\n"), file: "user/en.yaml")
        #expect(problems.map(\.message) == ["With its aliases (*name) expanded, it nests more than 64 levels deep; a voice profile may nest at most 64, so it was not read."])
        #expect(problems.first?.line == 64)
    }

    @Test("Lists nested 500 deep are refused at 64 levels, before any recursive reading")
    func deepNestingIsRefused() {
        var library = VoiceLibrary.standard(environment: [:])
        let text = "words: " + String(repeating: "[", count: 500) + String(repeating: "]", count: 500) + "\n"
        #expect(library.apply(yaml: text, file: "user/en.yaml").map(\.message)
            == ["It nests more than 64 levels deep; a voice profile may nest at most 64, so it was not read."])
    }

    @Test("Aliases within the limits still read as the values they stand for")
    func modestAliasesStillWork() throws {
        var library = VoiceLibrary.standard(environment: [:])
        let problems = library.apply(yaml: "words:\n  error: &problem Problem\n  warning: *problem\n", file: "user/en.yaml")
        #expect(problems.isEmpty, "\(problems)")
        let english = try #require(library.profile(for: .english))
        #expect(english.word("error") == "Problem" && english.word("warning") == "Problem")
    }

    @Test("A syntax error is still reported by Yams, with its line, not hidden by the count")
    func syntaxErrorsKeepTheirLine() {
        var library = VoiceLibrary.standard(environment: [:])
        let problems = library.apply(yaml: "language: en\nlexicon: [not, a, mapping\n", file: "user/en.yaml")
        #expect(problems.count == 1 && problems.first?.line != nil && problems.first?.message.hasPrefix("The YAML cannot be read") == true)
    }

    @Test("A FIFO named as a profile is refused at once rather than waited on")
    func fifoIsNotWaitedOn() throws {
        let folder = try VoiceLibraryTests.Folder([:])
        #expect(mkfifo("\(folder.path)/en.yaml", 0o600) == 0)
        let library = VoiceLibrary.standard(extra: [folder.path], environment: [:])
        #expect(library.problems.map(\.message) == ["It is not a regular file, so it was not read."])
    }

    // The four readers' words (words.styles, issue 32) brought each profile to about 1,100 values.
    @Test("The shipped profiles are far inside the limits: under 2,000 values and 8 levels each")
    func shippedProfilesAreFarInside() throws {
        let tight = YAMLLimits(maxBytes: 64 * 1024, maxValues: 2_000, maxDepth: 8, fileKind: "a voice profile")
        for path in VoiceLibrary.profileFiles(in: try #require(ShippedVoices.directory(environment: [:]))) {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(YAMLExpansionCheck.problem(in: text, limits: tight) == nil, "\(path)")
        }
    }
}
