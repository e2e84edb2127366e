import AnnouncerCore
@testable import AnnouncerProtocol
import Testing

/// The Emacspeak speech-server protocol, as Emacspeak 53 and its eSpeak server speak it.
@Suite struct EmacspeakSessionTests {
    var session = EmacspeakSession(
        voices: [
            OfferedVoice(name: "English", language: .english, voiceType: "MALE1"),
            OfferedVoice(name: "Norsk bokmål", language: .norwegianBokmal, voiceType: "MALE1"),
        ],
        defaultLanguage: .english, version: "1.2.3")

    mutating func run(_ lines: String...) -> [EmacspeakSession.Action] {
        var reader = TclCommandReader()
        var actions: [EmacspeakSession.Action] = []
        for line in lines {
            guard case let .command(words) = reader.take(Substring(line)) else { continue }
            actions += session.receive(words)
        }
        return actions
    }

    func spoken(_ actions: [EmacspeakSession.Action]) -> [SpeakRequest] {
        actions.compactMap { if case let .speak(request) = $0 { request } else { nil } }
    }

    @Test("q queues and d speaks everything queued as one polite SSML announcement that keeps repeats")
    mutating func queuedTextIsSpokenOnDispatch() throws {
        #expect(run("q {Hello }", "q {world}").isEmpty)
        let requests = spoken(run("d"))
        let request = try #require(requests.first)
        #expect(requests.count == 1)
        #expect(request.ssml && request.keepRepeats)
        #expect(request.politeness == .polite)
        #expect(request.language == .english)
        let announcement = try request.announcement(defaults: ConnectionDefaults(language: .english), arrival: .now())
        #expect(announcement.text == "Hello world")
        #expect(!announcement.dropsRepeats)
        #expect(spoken(run("d")).isEmpty, "the queue was emptied")
    }

    @Test("s clears the queue and stops this client's speech; Fenrir's stop stops too")
    mutating func stopClearsAndStops() {
        _ = run("q {never heard}")
        #expect(run("s") == [.stop])
        #expect(spoken(run("d")).isEmpty)
        #expect(run("stop") == [.stop])
    }

    @Test("Silence, tones and auditory icons are queued in order among the words")
    mutating func silenceTonesAndIcons() throws {
        let request = try #require(spoken(run("t 500 75", "sh 250", "a /x/sounds/pan-chimes/item.wav", "q {done}", "d")).first)
        let script = try #require(try request.announcement(defaults: ConnectionDefaults(language: .english), arrival: .now()).script)
        #expect(script.parts == [
            .tone(hertz: 500, duration: .milliseconds(75)),
            .pause(.milliseconds(250)),
            .sound(name: "/x/sounds/pan-chimes/item.wav", fallback: [.text("item", .plain)]),
            .text("done", .plain),
        ])
    }

    @Test("A queue of only silence says nothing, and a tone alone is an announcement")
    mutating func silenceAloneIsNothing() {
        #expect(spoken(run("sh 100", "d")).isEmpty)
        #expect(spoken(run("t 440 50", "d")).count == 1)
    }

    @Test("tts_say speaks at once, with [*] as a space; l spells a letter, higher for a capital")
    mutating func immediateSpeech() throws {
        let say = try #require(spoken(run("tts_say { left[*]brace}")).first)
        #expect(try say.announcement(defaults: ConnectionDefaults(language: .english), arrival: .now()).text == "left brace")
        let letter = try #require(spoken(run("l {A}")).first)
        let script = try #require(try letter.announcement(defaults: ConnectionDefaults(language: .english), arrival: .now()).script)
        guard case let .text(text, style)? = script.parts.first else { Issue.record("\(script.parts)"); return }
        #expect(text == "a")
        #expect(style.reading == .characters)
        #expect(style.pitch > 1.5 && style.rate > 1.1)
        let lower = try #require(spoken(run("l {a}")).first)
        guard case let .text(_, lowerStyle)? = try lower.announcement(defaults: ConnectionDefaults(language: .english), arrival: .now()).script?.parts.first
        else { Issue.record("no text"); return }
        #expect(lowerStyle.pitch == 1)
    }

    @Test("Letters and tts_say are assertive when the session is made so; queued speech stays polite")
    func assertiveLetters() {
        var session = EmacspeakSession(voices: [], defaultLanguage: .english, immediatePoliteness: .assertive, version: "1")
        guard case let .speak(letter)? = session.receive(["l", "x"]).first,
              case let .speak(said)? = session.receive(["tts_say", "hi"]).first else { Issue.record("nothing spoken"); return }
        #expect(letter.politeness == .assertive && said.politeness == .assertive)
        _ = session.receive(["q", "text"])
        guard case let .speak(queued)? = session.receive(["d"]).first else { Issue.record("nothing queued"); return }
        #expect(queued.politeness == .polite)
    }

    @Test("Inline commands in text: [*] is a word break and [{voice …}] is dropped, never read aloud; other brackets stay")
    mutating func inlineCommands() throws {
        let request = try #require(spoken(run("q {quote[*]mark [{voice alex}]said [x]}", "d")).first)
        let text = try request.announcement(defaults: ConnectionDefaults(language: .english), arrival: .now()).text
        #expect(text == "quote mark said [x]")
    }

    @Test("p plays a sound at once and speaks what is queued")
    mutating func playAtOnce() {
        _ = run("q {after}")
        let requests = spoken(run("p /x/sounds/pan-chimes/button.wav"))
        #expect(requests.count == 2)
        #expect(requests.first?.text.contains("button.wav") == true)
    }

    @Test("tts_sync_state takes 5, 4 or 3 words, as Emacspeak's versions send it; the rate is words per minute")
    mutating func syncStateVariants() {
        _ = run("tts_sync_state all 1 1 0 300")
        #expect(session.settings.punctuation == .all && session.settings.capitalize && session.settings.allCapsBeep && !session.settings.splitCaps)
        #expect(session.settings.rate == 300)
        _ = run("tts_sync_state none 1 0 200")
        #expect(session.settings.punctuation == .none && session.settings.splitCaps && !session.settings.allCapsBeep && session.settings.rate == 200)
        _ = run("tts_sync_state some 0 250")
        #expect(session.settings.punctuation == .some && !session.settings.splitCaps && session.settings.rate == 250)
        #expect(run("tts_sync_state some 250") == [.problem("tts_sync_state takes 3, 4 or 5 words, not 2; it was skipped.")])
    }

    @Test("Rates are words per minute up to 450; below 80 (Emacspeak's start for a server it does not know) the voice's own")
    mutating func rates() {
        _ = run("tts_set_speech_rate 250")
        #expect(session.settings.rate == 250)
        _ = run("tts_set_speech_rate 900")
        #expect(session.settings.rate == 450)
        _ = run("tts_set_speech_rate 75")
        #expect(session.settings.rate == nil)
    }

    @Test("Split caps, capitalize and the all-caps beep shape queued words")
    mutating func capitalsShapeWords() throws {
        _ = run("tts_split_caps 1", "tts_capitalize 1", "tts_allcaps_beep 1", "q {HelloWorld NASA}")
        let request = try #require(spoken(run("d")).first)
        #expect(request.text.contains("Hello World"))
        #expect(request.text.contains(#"<prosody pitch="+30%">"#))
        #expect(request.text.contains("<announcer:tone"))
    }

    @Test("set_lang switches to a language with a profile and can say its name; others are refused in a sentence")
    mutating func languages() throws {
        let said = spoken(run("set_lang nb t"))
        #expect(session.settings.language == .norwegianBokmal)
        #expect(try said.first?.announcement(defaults: ConnectionDefaults(language: .english), arrival: .now()).text == "Norsk bokmål")
        guard case let .problem(sentence)? = run("set_lang xq").first else { Issue.record("no problem"); return }
        #expect(sentence.contains("xq") && sentence.contains("stays nb"))
        _ = run("set_next_lang t")
        #expect(session.settings.language == .english)
        _ = run("set_previous_lang nil")
        #expect(session.settings.language == .norwegianBokmal)
        _ = run("set_preferred_lang norsk nb", "set_lang en", "set_lang norsk")
        #expect(session.settings.language == .norwegianBokmal)
        #expect(run("list_lang") == [.output("0 en 1 nb current nb")])
    }

    @Test("version speaks announcer's name and version; pause, resume and exit are actions")
    mutating func otherCommands() throws {
        let version = try #require(spoken(run("version")).first)
        #expect(try version.announcement(defaults: ConnectionDefaults(language: .english), arrival: .now()).text == "announcer 1.2.3")
        #expect(run("tts_pause") == [.pause])
        #expect(run("tts_resume") == [.resume])
        #expect(run("exit") == [.stop, .end])
    }

    @Test("An unknown command or a missing argument is one sentence, and the session goes on")
    mutating func badCommandsAreOneSentence() {
        #expect(run("frobnicate now") == [.problem("The command \"frobnicate\" is not part of Emacspeak's speech-server protocol, so it was skipped.")])
        #expect(run("t 440") == [.problem("The command \"t\" needs a pitch in hertz and a time in milliseconds, so it was skipped.")])
        #expect(run("tts_set_punctuations loud") == [.problem("The command \"tts_set_punctuations\" needs all, some or none, so it was skipped.")])
        #expect(spoken(run("q {still here}", "d")).count == 1)
    }

    @Test("eSpeak voice codes wrap only the next queued text, as voice and prosody; anything else is dropped")
    mutating func voiceCodes() throws {
        _ = run(#"c {<voice gender="female" variant="1"><prosody pitch="60"><script>x</script>}"#, "q {styled}", "q {plain}")
        let request = try #require(spoken(run("d")).first)
        #expect(request.text.contains(#"<voice gender="female"><prosody pitch="120%">styled</prosody></voice>"#))
        #expect(!request.text.contains("script"))
        let script = try #require(try request.announcement(defaults: ConnectionDefaults(language: .english), arrival: .now()).script)
        #expect(script.problem == nil)
        guard case let .text("styled", styled)? = script.parts.first else { Issue.record("\(script.parts)"); return }
        #expect(styled.pitch > 1.1)
    }

    @Test("A number too large for any whole number is one sentence, and the command goes on with the nearest value it takes")
    mutating func hugeNumbersAreClampedWithOneSentence() throws {
        // Each of these once ended announce emacspeak with SIGILL, an integer conversion trap.
        #expect(run("tts_set_speech_rate 1e19") == [.problem("The command \"tts_set_speech_rate\" gave the number 1e19, too large to use, so it was taken as 450.")])
        #expect(session.settings.rate == 450)
        _ = run("tts_set_speech_rate 200")
        #expect(run("r 99999999999999999999").count == 1 && session.settings.rate == 450)
        _ = run("tts_set_speech_rate 200")
        #expect(run("tts_sync_state all 1 1 0 1e19").count == 1 && session.settings.rate == 450 && session.settings.punctuation == .all)
        #expect(run("tts_set_character_scale 1e30").count == 1 && session.settings.characterScale == 3)

        #expect(run("sh 99999999999999999999") == [.problem("The command \"sh\" gave the number 99999999999999999999, too large to use, so it was taken as 10000.")])
        #expect(run("t 1e30 1e30") == [.problem("The command \"t\" gave the number 1e30, too large to use, so it was taken as 20000.")])
        #expect(run("t 440 1e400").count == 1, "a number too large even for a Double is clamped too")
        let request = try #require(spoken(run("q {done}", "d")).first)
        let script = try #require(try request.announcement(defaults: ConnectionDefaults(language: .english), arrival: .now()).script)
        #expect(Array(script.parts.prefix(3)) == [
            .pause(.milliseconds(10_000)),
            .tone(hertz: 20_000, duration: .milliseconds(10_000)),
            .tone(hertz: 440, duration: .milliseconds(10_000)),
        ])
    }

    @Test("Numbers that fit are clamped as before, without a sentence")
    mutating func fittingNumbersAreClampedSilently() {
        #expect(run("tts_set_speech_rate 900").isEmpty && session.settings.rate == 450)
        #expect(run("sh 20000").isEmpty)
        #expect(run("t 99999 50").isEmpty)
        #expect(run("sh -5") == [.problem("The command \"sh\" needs a time in milliseconds, so it was skipped.")])
    }

    @Test("Text full of unclosed inline voice changes is read in one pass", .timeLimit(.minutes(1)))
    func unclosedInlineVoiceChangesAreLinear() {
        // Each "[{" once looked for its "}]" through the rest of the text: quadratic in a queued megabyte.
        let text = String(repeating: "[{", count: 200_000)
        #expect(EmacspeakSession.inlineCommandsRead(text) == text)
    }
}

