import Audio
import Testing

/// `--sink` values and the one-sentence errors a user meets when a device is missing.
@Suite struct SinkSpecTests {
    @Test("Every documented form of --sink parses", arguments: [
        ("alsa", SinkSpec.alsa(device: "default")),
        ("alsa:default", .alsa(device: "default")),
        ("alsa:hw:0", .alsa(device: "hw:0")),
        ("alsa:pulse", .alsa(device: "pulse")),
        ("null", .null),
        ("wav:/tmp/a.wav", .wav(path: "/tmp/a.wav")),
    ])
    func documentedFormsParse(text: String, expected: SinkSpec) throws {
        #expect(try SinkSpec(parsing: text) == expected)
    }

    @Test("An unknown sink is refused with the forms that work")
    func unknownSinkIsRefused() {
        #expect(throws: AudioError.unknownSink("speakers")) { try SinkSpec(parsing: "speakers") }
        #expect(AudioError.unknownSink("speakers").description.contains("--sink alsa"))
    }

    @Test("A missing ALSA device gives one sentence naming the device and --sink")
    func missingDeviceGivesOneSentence() {
        #expect {
            try ALSASink(device: "hw:97", format: AudioFormat(sampleRate: 22_050))
        } throws: { error in
            let sentence = String(describing: error)
            return sentence.contains("\"hw:97\"") && sentence.contains("--sink") && !sentence.contains("\n")
        }
    }
}
