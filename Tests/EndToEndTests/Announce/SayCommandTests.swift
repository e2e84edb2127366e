import TestSupport
import Foundation
import Testing

/// `announce say`, run as a user runs it. The language it takes from LANG with an engine inside
/// announce is AnnouncerEngineSeamTests' `EmbeddedDefaultLanguageTests`.
@Suite(.startsProcesses) struct SayCommandTests {
    @Test("say writes one to four seconds of non-silent English speech to a WAV file")
    func sayRecordsEnglishToWAV() async throws {
        let path = temporaryPath("en.wav")
        let result = try await AnnounceProcess.run(["say", "--sink", "wav:\(path)", "--lang", "en", "--assertive", "Error: Must be a valid email address"])
        #expect(result.status == 0, "\(result.standardError)")
        let wav = try WAVSummary(path: path)
        #expect((1.0...4.0).contains(wav.seconds))
        #expect(wav.rms > 1_000)
    }

    @Test("say speaks Norwegian with the Norwegian voice")
    func sayRecordsNorwegianToWAV() async throws {
        let norwegianPath = temporaryPath("nb.wav"), englishPath = temporaryPath("en.wav")
        let text = "Feil: Skriv inn en gyldig e-postadresse"
        #expect(try await AnnounceProcess.run(["say", "--sink", "wav:\(norwegianPath)", "--lang", "nb", "--assertive", text]).status == 0)
        #expect(try await AnnounceProcess.run(["say", "--sink", "wav:\(englishPath)", "--lang", "en", "--assertive", text]).status == 0)
        let norwegian = try WAVSummary(path: norwegianPath), english = try WAVSummary(path: englishPath)
        #expect((1.0...4.0).contains(norwegian.seconds))
        #expect(norwegian.rms > 1_000)
        // The same letters read by another voice's rules give other audio.
        #expect(norwegian.samples != english.samples)
    }

    @Test("A missing audio device is one sentence naming it and --sink, with a non-zero exit")
    func missingDeviceIsOneSentence() async throws {
        let result = try await AnnounceProcess.run(["say", "--sink", "alsa:hw:97", "Hello"])
        #expect(result.status != 0)
        let lines = result.standardError.unwrapped.split(separator: "\n")
        #expect(lines.count == 1, "\(result.standardError)")
        #expect(result.standardError.contains("hw:97"))
        #expect(result.standardError.contains("--sink"))
    }

    @Test("A language eSpeak NG speaks without a profile is spoken; one it lacks is refused naming close ones")
    func unknownLanguageIsRefused() async throws {
        let french = try await AnnounceProcess.run(["say", "--sink", "null", "--lang", "fr", "Bonjour"])
        #expect(french.status == 0, "\(french.standardError)")
        let result = try await AnnounceProcess.run(["say", "--sink", "null", "--lang", "zz", "Bonjour"])
        #expect(result.status != 0)
        #expect(result.standardError.contains("The language \"zz\" is not available; close ones are az, uz, zh"), "\(result.standardError)")
    }
}

/// A WAV file's length, loudness and samples.
struct WAVSummary {
    let seconds: Double
    let rms: Double
    let samples: [Int16]

    init(path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data.count > 44)
        let rate = Int(data[24]) | Int(data[25]) << 8 | Int(data[26]) << 16
        samples = stride(from: 44, to: data.count - 1, by: 2).map { Int16(bitPattern: UInt16(data[$0]) | UInt16(data[$0 + 1]) << 8) }
        seconds = Double(samples.count) / Double(rate)
        rms = samples.isEmpty ? 0 : (samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(samples.count)).squareRoot()
    }
}

func temporaryPath(_ name: String) -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("announcer-tests-\(getpid())")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.appendingPathComponent("\(UUID().uuidString)-\(name)").path
}
