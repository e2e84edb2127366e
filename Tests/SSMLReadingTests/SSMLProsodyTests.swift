import AnnouncerCore
import SSMLReading
import Testing

/// prosody's rate, pitch and volume: named, relative and absolute values, nesting and limits.
@Suite struct SSMLProsodyTests {
    let reader = SSMLReader()

    func style(_ markup: String) -> SpeechStyle? {
        guard case let .text(_, style)? = reader.read(markup).parts.first else { return nil }
        return style
    }

    func rate(_ value: String) -> Double? { style("<prosody rate=\"\(value)\">x</prosody>")?.rate }
    func pitch(_ value: String) -> Double? { style("<prosody pitch=\"\(value)\">x</prosody>")?.pitch }
    func volume(_ value: String) -> Double? { style("<prosody volume=\"\(value)\">x</prosody>")?.volume }

    @Test("Rate: named levels, percentages, signed percentages and plain multipliers")
    func rates() {
        #expect(rate("x-slow") == 0.5)
        #expect(rate("slow") == 0.75)
        #expect(rate("medium") == 1)
        #expect(rate("fast") == 1.5)
        #expect(rate("x-fast") == 2)
        #expect(rate("default") == 1)
        #expect(rate("150%") == 1.5)
        #expect(rate("+20%") == 1.2)
        #expect(rate("-10%") == 0.9)
        #expect(rate("1.5") == 1.5)
    }

    @Test("Pitch: named levels, percentages, semitones and hertz against a nominal 100 Hz")
    func pitches() {
        #expect(pitch("x-low") == 0.7)
        #expect(pitch("x-high") == 1.3)
        #expect(pitch("default") == 1)
        #expect(pitch("+10%") == 1.1)
        #expect(pitch("-5%") == 0.95)
        #expect(abs((pitch("+2st") ?? 0) - 1.122462) < 0.000001)
        #expect(abs((pitch("-12st") ?? 0) - 0.5) < 0.000001)
        #expect(pitch("+20Hz") == 1.2)
        #expect(pitch("-20Hz") == 0.8)
        #expect(pitch("200Hz") == 2)
    }

    @Test("Volume: named levels, decibels, percentages, and a plain 0 to 100 as hundredths of the announcement's")
    func volumes() {
        #expect(volume("silent") == 0)
        #expect(volume("x-soft") == 0.25)
        #expect(volume("soft") == 0.5)
        #expect(volume("medium") == 1)
        #expect(volume("loud") == 1.5)
        #expect(volume("x-loud") == 2)
        #expect(abs((volume("+6dB") ?? 0) - 1.995262) < 0.000001)
        #expect(abs((volume("-6dB") ?? 0) - 0.501187) < 0.000001)
        #expect(volume("50%") == 0.5)
        #expect(volume("50") == 0.5)
        #expect(volume("100") == 1)
    }

    @Test("Nested relative changes multiply; a named level sets the value outright")
    func nestedProsodyMultiplies() {
        #expect(style(#"<prosody rate="200%"><prosody rate="150%">x</prosody></prosody>"#)?.rate == 3)
        #expect(style(#"<prosody volume="50%"><prosody volume="50%">x</prosody></prosody>"#)?.volume == 0.25)
        #expect(style(#"<prosody rate="x-fast"><prosody rate="slow">x</prosody></prosody>"#)?.rate == 0.75)
        let script = reader.read(#"<prosody rate="200%">a<prosody rate="50%">b</prosody>c</prosody>"#)
        #expect(script.parts == [.text("a", SpeechStyle(rate: 2)), .text("b", .plain), .text("c", SpeechStyle(rate: 2))])
    }

    @Test("Values are kept between a quarter and four times, volume from zero")
    func valuesAreClamped() {
        #expect(rate("1000%") == 4)
        #expect(rate("0.01") == 0.25)
        #expect(pitch("+1000st") == 4)
        #expect(pitch("1e300Hz") == 4)
        #expect(volume("+1000dB") == 4)
        #expect(volume("-200%") == 0)
        #expect(style(#"<prosody rate="4"><prosody rate="4">x</prosody></prosody>"#)?.rate == 4)
    }

    @Test("An unreadable value keeps the value in force, without a problem")
    func unreadableValuesAreIgnored() {
        for value in ["", "quick", "nan", "inf", "+1.5", "--5%", "12Hzz", "%"] {
            let script = reader.read(#"<prosody rate="50%"><prosody rate="\#(value)" pitch="\#(value)" volume="\#(value)">x</prosody></prosody>"#)
            #expect(script == SpeechScript(parts: [.text("x", SpeechStyle(rate: 0.5))]), "value \(value)")
        }
    }
}
