import AnnouncerCore
@testable import AnnouncerVoices
import Testing

/// SSIP KEY names are read as key names in each shipped language, modifiers first.
@Suite struct KeyNameTests {
    let english = Phonemes.profile(.english)
    let norwegian = Phonemes.profile(.norwegianBokmal)

    func key(_ name: String, _ profile: VoiceProfile, capitals: CapitalLetters = .spoken) -> String {
        profile.prepare(name, reading: .key, capitals: capitals)
    }

    @Test("A combination is read modifier by modifier, in English and Norwegian")
    func combinationsAreReadByName() {
        #expect(key("control_alt_delete", english) == "control alt delete")
        #expect(key("control_alt_delete", norwegian) == "kontroll alt slett")
        #expect(key("shift_tab", norwegian) == "skift tabulator")
    }

    @Test("A letter key is read by its spelling name, and its capital as the spelling says")
    func letterKeysUseTheSpellingNames() {
        #expect(key("shift_a", english) == "shift [['eI]]")
        #expect(key("a", norwegian) == "a")
        #expect(key("A", english) == "capital [['eI]]")
        #expect(key("A", norwegian) == "stor a")
        #expect(key("A", english, capitals: .unmarked) == "[['eI]]")
    }

    @Test("Keypad keys are the keypad's word and the key")
    func keypadKeys() {
        #expect(key("kp-enter", english) == "keypad enter")
        #expect(key("kp-enter", norwegian) == "talltastatur enter")
        #expect(key("kp-*", english) == "keypad star")
        #expect(key("shift_kp-5", english) == "shift keypad 5")
    }

    @Test("Named characters, function keys and arrows read as a user says them")
    func specialKeys() {
        #expect(key("double-quote", english) == "double quote")
        #expect(key("double-quote", norwegian) == "anførselstegn")
        #expect(key("space", norwegian) == "mellomrom")
        #expect(key("underscore", english) == "underscore")
        #expect(key("_", english) == "underscore")
        #expect(key("f12", english) == "F 12")
        #expect(key("page-down", norwegian) == "side ned")
        #expect(key("up", english) == "up arrow")
    }

    @Test("A key no table names is read as its words, never silent and never as phonemes")
    func unknownKeysAreReadAsWords() {
        #expect(key("launch-mail", english) == "launch mail")
        #expect(!key("x[[h]]y-z", english).contains("[["))
    }

    @Test("A profile file adds, replaces and removes key names")
    func profileFileChangesKeyNames() throws {
        var profiles: [Language: VoiceProfile] = [.english: english]
        let problems = VoiceProfileReader.apply(
            yaml: "language: en\nkeys:\n  control: ctrl\n  super: ~\n  Hyper: hyper key\n", file: "test.yaml", to: &profiles)
        #expect(problems.isEmpty)
        let changed = try #require(profiles[.english])
        #expect(key("control_super_hyper", changed) == "ctrl super hyper key")
    }
}
