import AnnouncerCore
import SSMLReading
import Testing

/// Each element of the subset screen readers send, on its own.
@Suite struct SSMLElementTests {
    let reader = SSMLReader()

    @Test("A break's time is read in milliseconds or seconds")
    func breakTimes() {
        #expect(reader.read(#"a<break time="500ms"/>b"#).parts == [.text("a", .plain), .pause(.milliseconds(500)), .text("b", .plain)])
        #expect(reader.read(#"a<break time="1.5s"/>b"#).parts[1] == .pause(.milliseconds(1500)))
        #expect(reader.read(#"a<break time="2s"/>b"#).parts[1] == .pause(.seconds(2)))
    }

    @Test("A break's strength picks a duration; with neither time nor strength it is medium")
    func breakStrengths() {
        let expected: [(String, Duration)] = [
            ("x-weak", .milliseconds(50)), ("weak", .milliseconds(100)), ("medium", .milliseconds(200)),
            ("strong", .milliseconds(400)), ("x-strong", .milliseconds(700)),
        ]
        for (strength, duration) in expected {
            #expect(reader.read("a<break strength=\"\(strength)\"/>b").parts[1] == .pause(duration))
        }
        #expect(reader.read("a<break/>b").parts[1] == .pause(.milliseconds(200)))
        #expect(reader.read(#"a<break time="nonsense" strength="strong"/>b"#).parts[1] == .pause(.milliseconds(400)))
    }

    @Test("A break of strength none makes no pause")
    func breakOfStrengthNoneIsNoPause() {
        #expect(reader.read(#"a <break strength="none"/>b"#).parts == [.text("a b", .plain)])
    }

    @Test("An absurd break time is cut to 10 s, and so are breaks in a row")
    func absurdBreakIsCapped() {
        #expect(reader.read(#"a<break time="99999999999999999999s"/>b"#).parts[1] == .pause(.seconds(10)))
        #expect(reader.read(#"a<break time="1e308s"/>b"#).parts[1] == .pause(.seconds(10)))
        #expect(reader.read(#"a<break time="6s"/><break time="6s"/>b"#).parts == [.text("a", .plain), .pause(.seconds(10)), .text("b", .plain)])
    }

    @Test("A negative or unreadable break time falls back to medium")
    func unreadableBreakTimeIsMedium() {
        #expect(reader.read(#"a<break time="-5s"/>b"#).parts[1] == .pause(.milliseconds(200)))
        #expect(reader.read(#"a<break time="nan s"/>b"#).parts[1] == .pause(.milliseconds(200)))
    }

    @Test("Sentences and paragraphs end in a pause, except at the very end")
    func sentencesAndParagraphsPause() {
        let script = reader.read("<speak><p><s>One.</s><s>Two.</s></p><p>Three.</p></speak>")
        #expect(script.parts == [
            .text("One.", .plain), .pause(.milliseconds(300)), .text("Two.", .plain), .pause(.milliseconds(600)),
            .text("Three.", .plain),
        ])
    }

    @Test("A sentence's closing pause is left out at the end even when a mark follows it")
    func noTrailingPauseBeforeFinalMark() {
        #expect(reader.read(#"<s>Done.</s><mark name="end"/>"#).parts == [.text("Done.", .plain), .mark("end")])
    }

    @Test("A sentence starts a run of its own, so text before it is not joined to it")
    func sentenceStartsItsOwnRun() {
        #expect(reader.read("Hello<s>world</s>").parts == [.text("Hello", .plain), .text("world", .plain)])
    }

    @Test("A break right after a sentence stands instead of the sentence's pause")
    func breakAfterSentenceReplacesItsPause() {
        #expect(reader.read(#"<s>a</s><break time="1s"/><s>b</s>"#).parts == [.text("a", .plain), .pause(.seconds(1)), .text("b", .plain)])
        #expect(reader.read(#"<s>a</s><break strength="none"/><s>b</s>"#).parts == [.text("a", .plain), .text("b", .plain)])
    }

    @Test("say-as characters, tts:char, spell-out and letters spell their text; other kinds read words")
    func sayAsSpells() {
        for kind in ["characters", "tts:char", "spell-out", "letters"] {
            let script = reader.read("Key <say-as interpret-as=\"\(kind)\">abc</say-as>")
            #expect(script.parts == [.text("Key", .plain), .text("abc", SpeechStyle(reading: .characters))])
        }
        #expect(reader.read(#"<say-as interpret-as="date">2024-01-02</say-as>"#).parts == [.text("2024-01-02", .plain)])
    }

    @Test("Two spelled runs with a space between stay two runs, so the space is not spelled")
    func spelledRunsStayApart() {
        let spelled = SpeechStyle(reading: .characters)
        let script = reader.read(#"<say-as interpret-as="characters">ab</say-as> <say-as interpret-as="characters">cd</say-as>"#)
        #expect(script.parts == [.text("ab", spelled), .text("cd", spelled)])
    }

    @Test("voice's xml:lang and language set the language")
    func voiceLanguage() {
        #expect(reader.read(#"<voice xml:lang="nb-NO">Hei</voice>"#).parts == [.text("Hei", SpeechStyle(language: .norwegianBokmal))])
        #expect(reader.read(#"<voice language="no">Hei</voice>"#).parts == [.text("Hei", SpeechStyle(language: .norwegianBokmal))])
    }

    @Test("voice's gender and age choose the voice type")
    func voiceGenderAndAge() {
        func type(_ attributes: String) -> VoiceType? {
            guard case let .text(_, style)? = reader.read("<voice \(attributes)>x</voice>").parts.first else { return nil }
            return style.voiceType
        }
        #expect(type(#"gender="female""#) == .female1)
        #expect(type(#"gender="male""#) == .male1)
        #expect(type(#"gender="female" age="8""#) == .childFemale)
        #expect(type(#"gender="male" age="8""#) == .childMale)
        #expect(type(#"age="8""#) == .childMale)
        #expect(type(#"gender="neutral""#) == nil)
        #expect(type(#"age="40""#) == nil)
        #expect(type(#"variant="2""#) == nil)
    }

    @Test("A nested voice keeps what it does not change")
    func nestedVoiceKeepsTheRest() {
        let script = reader.read(#"<voice gender="female"><voice age="6">x</voice></voice>"#)
        #expect(script.parts == [.text("x", SpeechStyle(voiceType: .childFemale))])
    }

    @Test("voice's name gives the language of an offered voice, or of a language code")
    func voiceNameGivesLanguage() {
        let reader = SSMLReader(voiceNamed: { $0 == "Norsk bokmål" ? .norwegianBokmal : nil })
        #expect(reader.read(#"<voice name="Norsk bokmål">Hei</voice>"#).parts == [.text("Hei", SpeechStyle(language: .norwegianBokmal))])
        #expect(reader.read(#"<voice name="en-GB">Hi</voice>"#).parts == [.text("Hi", SpeechStyle(language: .english))])
        #expect(reader.read(#"<voice name="Zarvox">Hi</voice>"#).parts == [.text("Hi", .plain)])
    }

    @Test("An explicit xml:lang on voice wins over the language its name implies")
    func voiceXMLLangWinsOverName() {
        #expect(reader.read(#"<voice name="nb" xml:lang="en">Hi</voice>"#).parts == [.text("Hi", SpeechStyle(language: .english))])
    }

    @Test("lang, and xml:lang on speak, p and s, switch the language for their content only")
    func languageSwitches() {
        let english = SpeechStyle(language: .english)
        let norwegian = SpeechStyle(language: .norwegianBokmal)
        let script = reader.read(#"<speak xml:lang="en">Hello <lang xml:lang="nb">hei</lang> again<p xml:lang="nb">Hei</p><s xml:lang="nb_NO">Ja</s></speak>"#)
        #expect(script.parts == [
            .text("Hello", english), .text("hei", norwegian), .text("again", english),
            .text("Hei", norwegian), .pause(.milliseconds(600)), .text("Ja", norwegian),
        ])
    }

    @Test("An unknown language code keeps the language in force")
    func unknownLanguageKeepsCurrent() {
        #expect(reader.read(#"<speak xml:lang="nb"><lang xml:lang="klingon">Hei</lang></speak>"#).parts
            == [.text("Hei", SpeechStyle(language: .norwegianBokmal))])
    }

    @Test("sub speaks its alias in place of its content, marks inside included")
    func subSpeaksAlias() {
        #expect(reader.read(#"Call <sub alias="Doctor">Dr.<mark name="x"/></sub> Smith"#).parts == [.text("Call Doctor Smith", .plain)])
        #expect(reader.read(#"<sub>W3C</sub>"#).parts == [.text("W3C", .plain)])
    }

    @Test("emphasis stresses its text; level none and reduced do not")
    func emphasisLevels() {
        let stressed = SpeechStyle(emphasized: true)
        #expect(reader.read("<emphasis>now</emphasis>").parts == [.text("now", stressed)])
        #expect(reader.read(#"<emphasis level="strong">now</emphasis>"#).parts == [.text("now", stressed)])
        #expect(reader.read(#"<emphasis level="moderate">now</emphasis>"#).parts == [.text("now", stressed)])
        #expect(reader.read(#"<emphasis level="none">now</emphasis>"#).parts == [.text("now", .plain)])
        #expect(reader.read(#"<emphasis level="reduced">now</emphasis>"#).parts == [.text("now", .plain)])
    }

    @Test("audio is a sound by its src, verbatim, with its content as the fallback and its marks dropped")
    func audioIsSoundWithFallback() {
        let script = reader.read(#"Before <audio src="../bell.wav?x=1&amp;y"><mark name="m"/>ding <break time="1s"/>dong</audio> after"#)
        #expect(script.parts == [
            .text("Before", .plain),
            .sound(name: "../bell.wav?x=1&y", fallback: [.text("ding", .plain), .pause(.seconds(1)), .text("dong", .plain)]),
            .text("after", .plain),
        ])
        #expect(script.markNames.isEmpty)
        #expect(script.plainText == "Before ding dong after")
    }

    @Test("audio with no content of its own falls back to its name as words, so an announcement of one sound is never empty")
    func audioWithoutContentFallsBackToItsName() {
        let bell = reader.read(#"<audio src="bell"/>"#)
        #expect(bell.parts == [.sound(name: "bell", fallback: [.text("bell", .plain)])])
        #expect(bell.plainText == "bell")
        let path = reader.read(#"<audio src="file:///usr/share/sounds/sound-icons/beginning-of-line.wav"><mark name="m"/></audio>"#)
        #expect(path.plainText == "beginning of line")
        // Control characters and runs of spaces in the name are one space, even before a combining mark.
        let odd = reader.read("<audio src=\"a\u{1}\u{1}b  - \u{34C}c\"/>")
        guard case let .sound(_, fallback)? = odd.parts.first, case let .text(words, _)? = fallback.first else {
            Issue.record("\(odd.parts)"); return
        }
        #expect(words.unicodeScalars.map(\.value) == [0x61, 0x20, 0x62, 0x20, 0x34C, 0x63])
        #expect(reader.read(#"<voice xml:lang="nb"><audio src="ny_melding"/></voice>"#).parts
            == [.sound(name: "ny_melding", fallback: [.text("ny melding", SpeechStyle(language: .norwegianBokmal))])])
    }

    @Test("A sentence's pause at the end of a sound's fallback is left out, as at the end of the script")
    func noTrailingPauseInFallback() {
        #expect(reader.read(#"<audio src="bell"><s>ding</s></audio>dong"#).parts
            == [.sound(name: "bell", fallback: [.text("ding", .plain)]), .text("dong", .plain)])
    }

    @Test("audio with no src is read as its content")
    func audioWithoutSourceIsItsContent() {
        #expect(reader.read("<audio>ding</audio>").parts == [.text("ding", .plain)])
    }

    @Test("phoneme's ph goes nowhere; only its text is spoken")
    func phonemeAttributeIsDropped() {
        let script = reader.read(#"<phoneme alphabet="x-espeak" ph="[[h@'loU]]">hello</phoneme> there"#)
        #expect(script.parts == [.text("hello there", .plain)])
        #expect(!"\(script)".contains("loU"))
    }

    @Test("Unknown elements are skipped and their text kept")
    func unknownElementsKeepText() {
        #expect(reader.read(#"<foo bar="baz">Hello</foo> <x:y/>world"#).parts == [.text("Hello world", .plain)])
    }

    @Test("Mark names are kept as given, and cut at 256 bytes on a character's end")
    func markNamesKeptAndCut() {
        #expect(reader.read(#"<mark name=" 0:5 x "/>"#).markNames == [" 0:5 x "])
        let long = String(repeating: "é", count: 200)
        let names = reader.read("<mark name=\"\(long)\"/>").markNames
        #expect(names == [String(repeating: "é", count: 128)])
        #expect(reader.read(#"<mark/><mark name=""/>"#).parts.isEmpty)
    }
}
