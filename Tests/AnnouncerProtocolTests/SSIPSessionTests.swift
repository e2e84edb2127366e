import AnnouncerCore
import Testing
@testable import AnnouncerProtocol

/// Speech Dispatcher's protocol as announcer serves it, one behaviour per test, no sockets.
@Suite struct SSIPSessionTests {
    var session = SSIPSession(clientID: 7, defaultLanguage: .english, maxMessageBytes: 64, voices: [
        OfferedVoice(name: "English", language: .english, voiceType: "MALE1"),
        OfferedVoice(name: "Norsk bokmål", language: .norwegianBokmal, voiceType: "MALE1"),
    ])
    let now = MonotonicInstant(microseconds: 1_000)

    private mutating func send(_ line: String) -> [SSIPAction] {
        session.receive(Array(line.utf8), at: now)
    }

    private mutating func speak(_ lines: [String]) -> [SSIPAction] {
        #expect(send("SPEAK") == [.reply(["230 OK RECEIVING DATA"])])
        for line in lines { #expect(send(line) == []) }
        return send(".")
    }

    private func spoken(_ actions: [SSIPAction]) -> Announcement? {
        for case let .speak(announcement) in actions { return announcement }
        return nil
    }

    @Test("SPEAK takes a body up to a lone dot and replies 225 with the message id")
    mutating func speakRepliesWithMessageID() throws {
        let actions = speak(["Hello", "world"])
        let announcement = try #require(spoken(actions))
        #expect(announcement.text == "Hello\nworld")
        #expect(actions.last == .reply(["225-\(announcement.id)", "225 OK MESSAGE QUEUED"]))
        #expect(announcement.arrival == now)
    }

    @Test("A body line sent with a doubled leading dot is read with one")
    mutating func doubledDotIsUnescaped() throws {
        let announcement = try #require(spoken(speak(["..hidden file", "plain"])))
        #expect(announcement.text == ".hidden file\nplain")
    }

    @Test("An empty message is answered 227, invalid UTF-8 501, an over-long one 502, and none is spoken")
    mutating func badBodiesAreAnsweredNotSpoken() {
        #expect(speak([]) == [.reply(["227 OK MESSAGE CANCELED"])])
        #expect(speak(["   "]) == [.reply(["227 OK MESSAGE CANCELED"])])
        #expect(send("SPEAK") == [.reply(["230 OK RECEIVING DATA"])])
        #expect(session.receive([0x48, 0xFF], at: now) == [])
        #expect(send(".") == [.reply(["501 ERR INVALID ENCODING"])])
        #expect(speak([String(repeating: "x", count: 40), String(repeating: "y", count: 40)])
            == [.reply(["502 ERR MESSAGE TOO LONG, THE LIMIT IS 64 BYTES"])])
        // The session is not stuck: the next message is spoken.
        #expect(spoken(speak(["fine"])) != nil)
    }

    @Test("Each SSIP priority becomes the politeness and rule of the mapping table")
    mutating func prioritiesFollowTheMappingTable() throws {
        func announcement(_ priority: String) throws -> Announcement {
            #expect(send("SET SELF PRIORITY \(priority)") == [.reply(["202 OK PRIORITY SET"])])
            return try #require(spoken(speak(["x"])))
        }
        let important = try announcement("IMPORTANT")
        #expect(important.politeness == .assertive && important.conduct == .standard && important.region == nil)
        let message = try announcement("message")
        #expect(message.politeness == .polite && message.conduct == .standard && message.region == nil)
        let text = try announcement("text")
        #expect(text.politeness == .polite && text.conduct == .replaceableWhileSpeaking && text.region == RegionID("ssip-7-text"))
        let notification = try announcement("notification")
        #expect(notification.politeness == .polite && notification.conduct == .onlyWhenIdle)
        let progress = try announcement("progress")
        #expect(progress.politeness == .polite && progress.conduct == .standard && progress.region == RegionID("ssip-7-progress"))
        #expect(send("SET SELF PRIORITY urgent") == [.reply(["408 ERR UNKNOWN PRIORITY"])])
    }

    @Test("Language, rate, pitch and volume apply to the next message, on eSpeak's scales")
    mutating func settingsApplyToMessages() throws {
        #expect(send("SET SELF LANGUAGE nb-NO") == [.reply(["201 OK LANGUAGE SET"])])
        #expect(send("SET SELF RATE 100") == [.reply(["203 OK RATE SET"])])
        #expect(send("SET SELF PITCH -100") == [.reply(["204 OK PITCH SET"])])
        #expect(send("SET SELF VOLUME +0") == [.reply(["218 OK VOLUME SET"])])
        let announcement = try #require(spoken(speak(["Hei"])))
        #expect(announcement.language == .norwegianBokmal)
        #expect(announcement.prosody == (try Prosody(rate: 450, pitch: 0, volume: 100)))
        #expect(send("SET SELF RATE 101") == [.reply(["409 ERR RATE TOO HIGH"])])
        #expect(send("SET SELF PITCH -101") == [.reply(["412 ERR PITCH TOO LOW"])])
        #expect(send("SET SELF VOLUME loud") == [.reply(["511 ERR PARAMETER NOT A NUMBER"])])
    }

    @Test("An unknown language is refused naming close ones; C keeps the server's default")
    mutating func unknownLanguageIsRefused() throws {
        #expect(send("SET SELF LANGUAGE eb") == [.reply(["415 ERR LANGUAGE NOT AVAILABLE, CLOSE ONES ARE en OR nb"])])
        #expect(send("SET SELF LANGUAGE de") == [.reply(["415 ERR LANGUAGE NOT AVAILABLE, LIST SYNTHESIS_VOICES LISTS THEM"])])
        #expect(send("SET SELF LANGUAGE nb-NO") == [.reply(["201 OK LANGUAGE SET"])])
        #expect(try #require(spoken(speak(["Hei"]))).language == .norwegianBokmal)
        #expect(send("SET SELF LANGUAGE C") == [.reply(["201 OK LANGUAGE SET"])])
        #expect(try #require(spoken(speak(["Hi"]))).language == .english)
    }

    @Test("STOP and CANCEL reach the client's own messages, all, or one id")
    mutating func stopAndCancelScopes() {
        #expect(send("CANCEL self") == [.cancel(.ownMessages, speakingOnly: false), .reply(["213 OK CANCELED"])])
        #expect(send("STOP ALL") == [.cancel(.all, speakingOnly: true), .reply(["210 OK STOPPED"])])
        #expect(send("CANCEL 12") == [.cancel(.message(AnnouncementID("12")), speakingOnly: false), .reply(["213 OK CANCELED"])])
        #expect(send("STOP nobody") == [.reply(["514 ERR PARAMETER INVALID"])])
        #expect(send("STOP") == [.reply(["510 ERR MISSING PARAMETER"])])
    }

    @Test("Events are three lines, message id then client id, and only of the kinds turned on")
    mutating func eventsFollowNotifications() throws {
        let announcement = try #require(spoken(speak(["Hi"])))
        let begin = TimelineEvent(time: now, kind: .firstAudio, announcement: announcement)
        let end = TimelineEvent(time: now, kind: .ended(.spoken), announcement: announcement)
        let superseded = TimelineEvent(time: now, kind: .ended(.superseded(by: AnnouncementID("99"))), announcement: announcement)
        #expect(session.eventLines(for: end).isEmpty)
        #expect(send("SET SELF NOTIFICATION end on") == [.reply(["220 OK NOTIFICATION SET"])])
        #expect(session.eventLines(for: end) == ["702-\(announcement.id)", "702-7", "702 END"])
        #expect(session.eventLines(for: superseded).isEmpty)
        #expect(send("SET SELF NOTIFICATION all on") == [.reply(["220 OK NOTIFICATION SET"])])
        #expect(session.eventLines(for: begin) == ["701-\(announcement.id)", "701-7", "701 BEGIN"])
        #expect(session.eventLines(for: superseded) == ["703-\(announcement.id)", "703-7", "703 CANCELED"])
        #expect(send("SET SELF NOTIFICATION sideways on") == [.reply(["316 ERR COULDNT SET NOTIFICATION"])])
    }

    @Test("HISTORY GET CLIENT_ID gives the client's number, as python3-speechd expects")
    mutating func historyGivesClientID() {
        #expect(send("HISTORY GET CLIENT_ID") == [.reply(["245-7", "245 OK CLIENT ID SENT"])])
    }

    @Test("An unknown or unsupported command gets an error code, never silence")
    mutating func unknownCommandsGetErrors() {
        #expect(send("SING a song") == [.reply(["500 ERR INVALID COMMAND"])])
        #expect(send("PAUSE self") == [.reply(["416 ERR PAUSE IS NOT SUPPORTED BY ANNOUNCER"])])
        #expect(send("SOUND_ICON bell") == [.reply(["416 ERR SOUND ICONS ARE NOT SUPPORTED BY ANNOUNCER"])])
        #expect(session.receive([0xC3, 0x28], at: now) == [.reply(["501 ERR INVALID ENCODING"])])
        #expect(session.lineTooLong(limit: 64) == [.reply(["503 ERR LINE TOO LONG, THE LIMIT IS 64 BYTES"])])
    }

    @Test("CHAR is spelled, so the voice names it (a space included); KEY speaks the key name")
    mutating func charIsSpelledAndKeySpeaks() throws {
        let space = try #require(spoken(send("CHAR space")))
        #expect(space.text == " " && space.spelled)
        let at = try #require(spoken(send("CHAR @")))
        #expect(at.text == "@" && at.spelled)
        let key = try #require(spoken(send("KEY shift_a")))
        #expect(key.text == "shift_a" && key.reading == .key)
    }

    @Test("SET SELF SPELLING on spells every message until it is turned off")
    mutating func spellingModeSpellsMessages() throws {
        #expect(send("SET SELF SPELLING on") == [.reply(["207 OK SPELLING SET"])])
        #expect(try #require(spoken(speak(["PIN"]))).spelled)
        #expect(send("SET SELF SPELLING off") == [.reply(["207 OK SPELLING SET"])])
        #expect(try #require(spoken(speak(["PIN"]))).spelled == false)
        #expect(send("SET SELF SPELLING maybe") == [.reply(["513 ERR PARAMETER NOT ON OR OFF"])])
    }

    @Test("SET SELF PUNCTUATION sets the level of every later message; most counts as some")
    mutating func punctuationLevelApplies() throws {
        #expect(try #require(spoken(speak(["a, b"]))).punctuation == nil)
        #expect(send("SET SELF PUNCTUATION all") == [.reply(["205 OK PUNCTUATION SET"])])
        #expect(try #require(spoken(speak(["a, b"]))).punctuation == .all)
        #expect(send("SET SELF PUNCTUATION most") == [.reply(["205 OK PUNCTUATION SET"])])
        #expect(send("GET PUNCTUATION") == [.reply(["251-some", "251 OK GET RETURNED"])])
        #expect(send("SET SELF PUNCTUATION loud") == [.reply(["514 ERR PARAMETER INVALID"])])
    }

    @Test("Every SSIP voice type is accepted and carried on the message; synthesis voices switch the language, other names change nothing")
    mutating func voiceTypesAndSynthesisVoices() throws {
        #expect(send("LIST VOICES") == [.reply([
            "249-MALE1", "249-MALE2", "249-MALE3", "249-FEMALE1", "249-FEMALE2", "249-FEMALE3",
            "249-CHILD_MALE", "249-CHILD_FEMALE", "249 OK VOICE LIST SENT",
        ])])
        #expect(send("LIST SYNTHESIS_VOICES") == [.reply([
            "249-English\ten\tnone", "249-Norsk bokmål\tnb\tnone", "249 OK VOICE LIST SENT",
        ])])
        #expect(send("LIST SYNTHESIS_VOICES nb-NO") == [.reply(["249-Norsk bokmål\tnb\tnone", "249 OK VOICE LIST SENT"])])
        #expect(send("SET SELF VOICE_TYPE male1") == [.reply(["209 OK VOICE SET"])])
        #expect(send("SET SELF VOICE_TYPE female2") == [.reply(["209 OK VOICE SET"])])
        #expect(send("GET VOICE_TYPE") == [.reply(["251-FEMALE2", "251 OK GET RETURNED"])])
        #expect(try #require(spoken(speak(["Hi"]))).voiceType == .female2)
        #expect(send("SET SELF VOICE_TYPE ROBOT") == [.reply(["309 ERR COULDNT SET VOICE"])])
        #expect(send("SET SELF SYNTHESIS_VOICE Norsk bokmål") == [.reply(["209 OK VOICE SET"])])
        #expect(send("GET LANGUAGE") == [.reply(["251-nb", "251 OK GET RETURNED"])])
        #expect(send("SET SELF SYNTHESIS_VOICE None") == [.reply(["209 OK VOICE SET"])])
        #expect(send("GET LANGUAGE") == [.reply(["251-nb", "251 OK GET RETURNED"])])
    }

    @Test("LIST answers only with what this server offers; QUIT says goodbye and closes")
    mutating func listAndQuit() {
        #expect(send("LIST OUTPUT_MODULES") == [.reply(["250-announcer", "250 OK MODULE LIST SENT"])])
        #expect(send("LIST SYNTHESIS_VOICES") == [.reply(["249-English\ten\tnone", "249-Norsk bokmål\tnb\tnone", "249 OK VOICE LIST SENT"])])
        #expect(send("quit") == [.reply(["231 HAPPY HACKING"]), .close])
    }
}
