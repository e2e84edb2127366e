import TestSupport
import Foundation
import Testing

/// `announce voices --try` shows a lexicon writer what a text becomes and eSpeak's phonemes for it.
@Suite(.startsProcesses) struct VoicesTryTests {
    @Test("Norwegian text is shown normalized, with the profile named, and with eSpeak's phonemes")
    func norwegianTextIsShownPreparedWithPhonemes() async throws {
        let result = try await AnnounceProcess.run(["voices", "--embedded", "--try", "Møtet er kl. 10:30", "--lang", "nb-NO"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Language: nb, profile Norsk bokmål") == true)
        let prepared = try #require(lines.first { $0.hasPrefix("Given to eSpeak: ") })
        #expect(prepared.contains("klokka") || prepared.contains("klokken"), "\(prepared)")
        #expect(!prepared.contains("kl."))
        let phonemes = try #require(lines.first { $0.hasPrefix("Phonemes: ") })
        // eSpeak's mnemonics mark stress with ' and have no spaces inside a word: "m'2:t@".
        #expect(phonemes.contains("'"), "\(phonemes)")
    }

    @Test("A lexicon entry's phonemes show in the prepared text and reach eSpeak")
    func lexiconEntryIsShown() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("try-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "language: en\nlexicon:\n  Blindeforbundet: \"[[bl'Ind@fOrb,Un@]]\"\n".write(
            to: directory.appendingPathComponent("en.yaml"), atomically: true, encoding: .utf8)
        let result = try await AnnounceProcess.run(["voices", "--voices", directory.path, "--try", "Blindeforbundet", "--lang", "en"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Given to eSpeak: [[bl'Ind@fOrb,Un@]]"))
        #expect(result.standardOutput.contains("\(directory.path)/en.yaml"))
    }

    @Test("A language eSpeak lacks is one sentence with the way to list them, and exit status 1")
    func unknownLanguageIsOneSentence() async throws {
        let result = try await AnnounceProcess.run(["voices", "--embedded", "--try", "hello", "--lang", "xx"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("The language \"xx\" is not available"))
        #expect(result.standardOutput.isEmpty)
    }
}
