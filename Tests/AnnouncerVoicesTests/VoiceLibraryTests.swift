import AnnouncerCore
import Foundation
import Testing
@testable import AnnouncerVoices

/// Loading profiles: the shipped ones, a user's folder over them, and files with problems left out.
@Suite struct VoiceLibraryTests {
    /// A fresh folder with the given files, removed when the test ends.
    final class Folder {
        let path: String
        init(_ files: [String: String]) throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("voices-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            for (name, text) in files { try text.write(toFile: "\(path)/\(name)", atomically: true, encoding: .utf8) }
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    @Test("The shipped profiles load without problems, with the server's own words in each language")
    func shippedProfilesLoad() throws {
        let library = VoiceLibrary.standard(environment: [:])
        #expect(library.problems.isEmpty, "\(library.problems)")
        #expect(library.languages == [.english, .norwegianBokmal])
        let english = try #require(library.profile(for: .english))
        let norwegian = try #require(library.profile(for: .norwegianBokmal))
        #expect(english.word("error") == "Error" && norwegian.word("error") == "Feil")
        #expect(english.word("roles.button") == "button" && norwegian.word("roles.button") == "knapp")
        #expect(norwegian.name == "Norsk bokmål" && norwegian.espeakVoice == "nb")
        #expect(norwegian.sources.count == 1 && norwegian.sources[0].hasSuffix("Voices/nb.yaml"))
    }

    @Test("A user's folder changes only what it names and keeps the rest of the shipped profile")
    func userFolderOverridesWhatItNames() throws {
        let folder = try Folder(["nb.yaml": """
            rate: 200
            words:
              error: Feilmelding
            lexicon:
              Kari: Karianne
            """])
        let library = VoiceLibrary.standard(extra: [folder.path], environment: [:])
        #expect(library.problems.isEmpty)
        let norwegian = try #require(library.profile(for: .norwegianBokmal))
        #expect(norwegian.rate == 200 && norwegian.pitch == 50)
        #expect(norwegian.word("error") == "Feilmelding" && norwegian.word("roles.button") == "knapp")
        #expect(norwegian.lexicon.apply(to: "Hei Kari") == "Hei Karianne")
        #expect(norwegian.sources.count == 2 && norwegian.sources[1] == "\(folder.path)/nb.yaml")
        #expect(library.profile(for: .english)?.sources.count == 1)
    }

    @Test("The folder in XDG_CONFIG_HOME is read after the shipped one and before --voices")
    func configFolderSitsBetweenShippedAndCommandLine() throws {
        let config = try Folder([:])
        try FileManager.default.createDirectory(atPath: "\(config.path)/announcer/voices", withIntermediateDirectories: true)
        try "rate: 190\npitch: 40\n".write(toFile: "\(config.path)/announcer/voices/en.yaml", atomically: true, encoding: .utf8)
        let commandLine = try Folder(["en.yaml": "rate: 210\n"])
        let library = VoiceLibrary.standard(extra: [commandLine.path], environment: ["XDG_CONFIG_HOME": config.path])
        let english = try #require(library.profile(for: .english))
        #expect(english.rate == 210 && english.pitch == 40)
        #expect(english.sources.count == 3)
    }

    @Test("A file for a new language adds it, and it must name its eSpeak voice")
    func newLanguageNeedsAnESpeakVoice() throws {
        let folder = try Folder([
            "sv.yaml": "name: Svenska\nespeak_voice: sv\n",
            "de.yaml": "name: Deutsch\n",
        ])
        let library = VoiceLibrary.standard(extra: [folder.path], environment: [:])
        #expect(library.profile(for: Language(code: "sv")!)?.espeakVoice == "sv")
        #expect(library.profile(for: Language(code: "de")!) == nil)
        let problem = try #require(library.problems.first)
        #expect(problem.file == "\(folder.path)/de.yaml")
        #expect(problem.message.contains("espeak_voice"))
    }

    @Test("A malformed profile is reported with its file, line and problem, and the others still load")
    func malformedProfileIsLeftOutWithItsLine() throws {
        let folder = try Folder([
            "nb.yaml": "language: nb\nname: Norsk\nrate: fast\nvolume: 300\nspeed: 3\n",
            "en.yaml": "language: en\nlexicon: [unclosed\n",
        ])
        let library = VoiceLibrary.standard(extra: [folder.path], environment: [:])
        let norwegian = try #require(library.profile(for: .norwegianBokmal))
        #expect(norwegian.name == "Norsk bokmål" && norwegian.rate == 175, "a file with problems changes nothing")
        #expect(library.profile(for: .english)?.sources.count == 1)
        let described = library.problems.map(\.description)
        #expect(described.contains("\(folder.path)/nb.yaml, line 3: rate must be a whole number from 80 to 450, not \"fast\"."))
        #expect(described.contains("\(folder.path)/nb.yaml, line 4: volume is 300; use a whole number from 0 to 200."))
        #expect(described.contains { $0.hasPrefix("\(folder.path)/nb.yaml, line 5: The key \"speed\" is not part of a voice profile") })
        #expect(library.problems.contains { $0.file == "\(folder.path)/en.yaml" && $0.line != nil && $0.message.hasPrefix("The YAML cannot be read") })
    }

    @Test("A key given twice is a problem, not a silent choice of one")
    func duplicatedKeyIsReported() throws {
        let folder = try Folder(["en.yaml": "rate: 180\nrate: 190\n"])
        let library = VoiceLibrary.standard(extra: [folder.path], environment: [:])
        #expect(library.profile(for: .english)?.rate == 175)
        #expect(library.problems.contains { $0.message.contains("given twice") })
    }

    @Test("null removes a shipped lexicon entry")
    func nullRemovesLexiconEntry() throws {
        let first = try Folder(["nb.yaml": "lexicon:\n  Kari: Karianne\n  Ola: Olav\n"])
        let second = try Folder(["nb.yaml": "lexicon:\n  Kari: ~\n"])
        let library = VoiceLibrary.standard(extra: [first.path, second.path], environment: [:])
        let lexicon = try #require(library.profile(for: .norwegianBokmal)).lexicon
        #expect(lexicon.apply(to: "Kari og Ola") == "Kari og Olav")
    }

    @Test("An unknown language code gets an error that lists the available languages")
    func unknownLanguageListsAvailable() {
        let library = VoiceLibrary.standard(environment: [:])
        #expect(throws: AnnouncementError.unknownLanguage("de", available: [.english, .norwegianBokmal])) {
            try library.language(forCode: "de")
        }
        #expect(AnnouncementError.unknownLanguage("de", available: [.norwegianBokmal, .english]).description
            == "The language \"de\" is not available; use one of en, nb.")
        #expect((try? library.language(forCode: "no_NO.UTF-8")) == .norwegianBokmal)
    }

    @Test("Without shipped profiles, English and Norwegian still speak with eSpeak's own voices, and that is reported")
    func missingShippedProfilesFallBackToBareVoices() throws {
        let empty = try Folder([:])
        let library = VoiceLibrary.standard(environment: ["ANNOUNCER_SHIPPED_VOICES": empty.path])
        #expect(library.profile(for: .norwegianBokmal)?.espeakVoice == "nb")
        #expect(library.profile(for: .english)?.sources == [])
        #expect(library.problems.first?.message.contains("were not found") == true)
    }

    @Test("Shipped profiles are looked for beside an installed binary, then in the source tree; ANNOUNCER_SHIPPED_VOICES names another folder")
    func shippedProfilesAreFoundBesideTheBinaryOrInTheTree() throws {
        let candidates = ShippedVoices.candidates(environment: [:])
        #expect(candidates.count == 2)
        #expect(candidates[0].hasSuffix("/share/announcer/voices"))
        #expect(candidates[1].hasSuffix("/Voices") && FileManager.default.fileExists(atPath: candidates[1] + "/nb.yaml"))
        let chosen = try Folder(["nb.yaml": "name: Bokmål fra en annen mappe\nespeak_voice: nb\n"])
        let library = VoiceLibrary.standard(environment: ["ANNOUNCER_SHIPPED_VOICES": chosen.path])
        #expect(library.profile(for: .norwegianBokmal)?.name == "Bokmål fra en annen mappe")
        #expect(library.profile(for: .english) == nil)
    }
}

extension VoiceLibraryTests {
    @Test("A user's profile written for the old word keys still loads, and the new keys come from the shipped profile")
    func oldUserProfileLoadsWithNewWordsShipped() throws {
        let user = try Folder(["en.yaml": """
        language: en
        words:
          roles:
            checkbox: tick box
          states:
            "off": clear
        """])
        let library = VoiceLibrary.standard(extra: [user.path], environment: [:])
        #expect(library.problems.isEmpty, "\(library.problems)")
        let english = try #require(library.profile(for: .english))
        #expect(english.words["roles.checkbox"] == "tick box")
        #expect(english.words["states.off"] == "clear")
        #expect(english.words["roles.slider"] == "adjustable")
        #expect(english.words["states.not_checked"] == "unchecked")
        #expect(english.words["styles.nvda.roles.checkbox"] == "check box")
    }
}
