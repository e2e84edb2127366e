import AnnouncerCore
import Testing
@testable import AnnouncerProtocol

/// CAP_LET_RECOGN changes how CHAR, KEY and spelling mark capitals; KEY is read as key names.
@Suite struct SSIPCapitalsAndKeysTests {
    var session = SSIPSession(clientID: 3, defaultLanguage: .english, maxMessageBytes: 64, voices: [
        OfferedVoice(name: "English", language: .english, voiceType: "MALE1"),
    ])
    let now = MonotonicInstant(microseconds: 1_000)

    private mutating func send(_ line: String) -> [SSIPAction] {
        session.receive(Array(line.utf8), at: now)
    }

    private mutating func announcement(_ line: String) throws -> Announcement {
        var found: Announcement?
        for case let .speak(announcement) in send(line) { found = announcement }
        return try #require(found, "\(line) queued nothing")
    }

    @Test("CHAR says capital letters aloud until CAP_LET_RECOGN is set otherwise")
    mutating func charMarksCapitalsBySpeakingUntilSet() throws {
        let character = try announcement("CHAR A")
        #expect(character.reading == .characters)
        #expect(character.capitals == .spoken)
    }

    @Test("CAP_LET_RECOGN icon, none and spell set how each later CHAR and KEY marks capitals")
    mutating func capLetRecognSetsTheMarking() throws {
        for (word, capitals) in [("icon", CapitalLetters.sound), ("NONE", .unmarked), ("spell", .spoken)] {
            #expect(send("SET SELF CAP_LET_RECOGN \(word)") == [.reply(["206 OK CAP LET RECOGNITION SET"])])
            #expect(try announcement("CHAR B").capitals == capitals)
            #expect(try announcement("KEY shift_b").capitals == capitals)
        }
    }

    @Test("CAP_LET_RECOGN with a value it does not know is refused and changes nothing")
    mutating func capLetRecognRefusesUnknownValues() throws {
        #expect(send("SET SELF CAP_LET_RECOGN icon") == [.reply(["206 OK CAP LET RECOGNITION SET"])])
        #expect(send("SET SELF CAP_LET_RECOGN loud") == [.reply(["514 ERR PARAMETER INVALID"])])
        #expect(try announcement("CHAR C").capitals == .sound)
    }

    @Test("KEY is read as a key, with its name as sent, for the voice to name")
    mutating func keyIsReadAsKeyNames() throws {
        let key = try announcement("KEY control_alt_delete")
        #expect(key.reading == .key)
        #expect(key.text == "control_alt_delete")
    }

    @Test("SPELLING on spells messages, and CAP_LET_RECOGN applies to them too")
    mutating func spellingFollowsCapLetRecogn() throws {
        _ = send("SET SELF SPELLING on")
        _ = send("SET SELF CAP_LET_RECOGN none")
        _ = send("SPEAK")
        _ = send("Ab")
        var spelled: Announcement?
        for case let .speak(announcement) in send(".") { spelled = announcement }
        let message = try #require(spelled)
        #expect(message.reading == .characters)
        #expect(message.capitals == .unmarked)
    }
}
