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

    /// The message id a `225-<id>` reply names.
    private func queuedID(_ actions: [SSIPAction]) -> String? {
        for case let .reply(lines) in actions {
            if let first = lines.first, first.hasPrefix("225-") { return String(first.dropFirst(4)) }
        }
        return nil
    }

    @Test("SPEAK takes a body up to a lone dot and replies 225 with the message id")
    mutating func speakRepliesWithMessageID() throws {
        let actions = speak(["Hello", "world"])
        let announcement = try #require(spoken(actions))
        #expect(actions == [.speak(announcement)])
        #expect(announcement.text == "Hello\nworld")
        #expect(announcement.arrival == now)
        // The 225 reply comes once the server has queued it; a refused message never gets one.
        #expect(session.accepted(announcement.id, at: now) == [.reply(["225-\(announcement.id)", "225 OK MESSAGE QUEUED"])])
    }

    @Test("A message is never dropped as a repeat: Speech Dispatcher says the same words as often as they are sent")
    mutating func messagesDoNotDropRepeats() throws {
        let announcement = try #require(spoken(speak(["blank"])))
        #expect(!announcement.dropsRepeats)
    }

    @Test("A body line sent with a doubled leading dot is read with one")
    mutating func doubledDotIsUnescaped() throws {
        let announcement = try #require(spoken(speak(["..hidden file", "plain"])))
        #expect(announcement.text == ".hidden file\nplain")
    }

    @Test("An empty message is answered 227, invalid UTF-8 501, an over-long one 502, and none is spoken")
    mutating func badBodiesAreAnsweredNotSpoken() {
        #expect(speak([]) == [.reply(["227 OK MESSAGE CANCELED"])])
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
    mutating func stopAndCancelScopes() throws {
        let own = try #require(spoken(speak(["Mine"])))
        _ = session.accepted(own.id, at: now)
        #expect(send("CANCEL self") == [.cancel(.ids([own.id])), .reply(["213 OK CANCELED"])])
        #expect(send("STOP self") == [.cancel(.speakingAmong([own.id])), .reply(["210 OK STOPPED"])])
        #expect(send("STOP ALL") == [.cancel(.speaking), .reply(["210 OK STOPPED"])])
        #expect(send("CANCEL all") == [.cancel(.all), .reply(["213 OK CANCELED"])])
        #expect(send("CANCEL 12") == [.cancel(.id(AnnouncementID("12"))), .reply(["213 OK CANCELED"])])
        #expect(send("STOP 12") == [.cancel(.speakingAmong([AnnouncementID("12")])), .reply(["210 OK STOPPED"])])
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
        #expect(send("PAUSE self") == [.pause(.client(ClientID(7))), .reply(["211 OK PAUSED"])])
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

    @Test("SET SELF PUNCTUATION sets the level of every later message; most reads as some, and GET gives most back")
    mutating func punctuationLevelApplies() throws {
        #expect(try #require(spoken(speak(["a, b"]))).punctuation == nil)
        #expect(send("SET SELF PUNCTUATION all") == [.reply(["205 OK PUNCTUATION SET"])])
        #expect(try #require(spoken(speak(["a, b"]))).punctuation == .all)
        #expect(send("SET SELF PUNCTUATION most") == [.reply(["205 OK PUNCTUATION SET"])])
        #expect(try #require(spoken(speak(["a, b"]))).punctuation == .some)
        #expect(send("GET PUNCTUATION") == [.reply(["251-most", "251 OK GET RETURNED"])])
        #expect(send("SET SELF PUNCTUATION loud") == [.reply(["514 ERR PARAMETER INVALID"])])
    }

    @Test("Every SSIP voice type is accepted and carried on the message; a synthesis voice switches the spoken language, and any name is taken")
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
        #expect(try #require(spoken(speak(["Hei"]))).language == .norwegianBokmal)
        #expect(send("SET SELF SYNTHESIS_VOICE None") == [.reply(["209 OK VOICE SET"])])
        #expect(try #require(spoken(speak(["Hei"]))).language == .norwegianBokmal)
    }

    @Test("LIST answers only with what this server offers; QUIT says goodbye and closes")
    mutating func listAndQuit() {
        #expect(send("LIST OUTPUT_MODULES") == [.reply(["250-announcer", "250 OK MODULE LIST SENT"])])
        #expect(send("LIST SYNTHESIS_VOICES") == [.reply(["249-English\ten\tnone", "249-Norsk bokmål\tnb\tnone", "249 OK VOICE LIST SENT"])])
        #expect(send("quit") == [.reply(["231 HAPPY HACKING"]), .close])
    }

    // MARK: - Replies as Speech Dispatcher 0.11.4 gives them

    @Test("Words are split at single spaces: two spaces leave a missing parameter, a trailing space an empty one")
    mutating func wordsAreSplitAtSingleSpaces() {
        #expect(send("SET SELF RATE  10") == [.reply(["510 ERR MISSING PARAMETER"])])
        #expect(send("SET SELF RATE ") == [.reply(["511 ERR PARAMETER NOT A NUMBER"])])
        #expect(send("SET SELF RATE 10 20") == [.reply(["203 OK RATE SET"])])
        #expect(send("CHAR  ") == [.reply(["510 ERR MISSING PARAMETER"])])
        #expect(send("KEY ") == [.reply(["510 ERR MISSING PARAMETER"])])
        #expect(send("SET\tSELF\tRATE\t10") == [.reply(["500 ERR INVALID COMMAND"])])
    }

    @Test("A line that begins with a space is 300, an empty line 500")
    mutating func leadingSpaceAndEmptyLine() {
        #expect(send(" HELP") == [.reply(["300 ERR INTERNAL"])])
        #expect(send(" ") == [.reply(["300 ERR INTERNAL"])])
        #expect(send("") == [.reply(["500 ERR INVALID COMMAND"])])
    }

    @Test("HELP keeps Speech Dispatcher's layout and names what announcer does not do yet")
    mutating func helpInSpeechDispatchersLayout() {
        #expect(send("help me please") == [.reply([
            "248-  SPEAK           -- say text",
            "248-  KEY             -- say a combination of keys",
            "248-  CHAR            -- say a character",
            "248-  SOUND_ICON      -- play a sound icon",
            "248-  SET             -- set a parameter",
            "248-  GET             -- get a current parameter",
            "248-  LIST            -- list available arguments",
            "248-  HISTORY         -- commands related to history",
            "248-  STOP, CANCEL    -- stop speaking, or also drop what waits",
            "248-  PAUSE, RESUME   -- pause at the next index mark, and go on from it",
            "248-  BLOCK           -- group messages",
            "248-  QUIT            -- close the connection",
            "248 OK HELP SENT",
        ])])
    }

    @Test("An unknown SET parameter is an invalid command, obsolete VOICE and PUNCTUATION_IMPORTANT included")
    mutating func unknownSetParameterIsInvalidCommand() {
        for line in ["SET SELF BOGUS 1", "SET SELF VOICE male1", "SET SELF PUNCTUATION_IMPORTANT on",
                     "SET SELF HISTORY on", "SET SELF AUDIO_OUTPUT_METHOD pulse", "SET SELF SYMBOLS_PREPROCESSING on"] {
            #expect(send(line) == [.reply(["500 ERR INVALID COMMAND"])], "\(line)")
        }
    }

    @Test("SET, SET SELF and SET ALL without a parameter are 510; a target that is not SELF, ALL or a number is 514")
    mutating func setTargetsAndMissingParameters() {
        #expect(send("SET") == [.reply(["510 ERR MISSING PARAMETER"])])
        #expect(send("SET SELF") == [.reply(["510 ERR MISSING PARAMETER"])])
        #expect(send("SET ALL") == [.reply(["510 ERR MISSING PARAMETER"])])
        #expect(send("SET bogus RATE 20") == [.reply(["514 ERR PARAMETER INVALID"])])
    }

    @Test("VOLUME out of range names VOLUME, with Speech Dispatcher's codes 413 and 414")
    mutating func volumeOutOfRangeSaysVolume() {
        #expect(send("SET SELF VOLUME 101") == [.reply(["413 ERR VOLUME TOO HIGH"])])
        #expect(send("SET SELF VOLUME -101") == [.reply(["414 ERR VOLUME TOO LOW"])])
        #expect(send("SET SELF VOLUME 1.5") == [.reply(["511 ERR PARAMETER NOT A NUMBER"])])
    }

    @Test("PITCH_RANGE and PAUSE_CONTEXT are checked as numbers and kept, though they change nothing yet")
    mutating func pitchRangeAndPauseContextAreCheckedAndKept() {
        #expect(send("SET SELF PITCH_RANGE 101") == [.reply(["415 ERR PITCH RANGE TOO HIGH"])])
        #expect(send("SET SELF PITCH_RANGE -101") == [.reply(["416 ERR PITCH RANGE TOO LOW"])])
        #expect(send("SET SELF PITCH_RANGE abc") == [.reply(["511 ERR PARAMETER NOT A NUMBER"])])
        #expect(send("SET SELF PITCH_RANGE +50") == [.reply(["263 OK PITCH RANGE SET"])])
        #expect(send("SET SELF PAUSE_CONTEXT abc") == [.reply(["511 ERR PARAMETER NOT A NUMBER"])])
        #expect(send("SET SELF PAUSE_CONTEXT 5") == [.reply(["217 OK PAUSE CONTEXT SET"])])
        #expect(session.settings.pitchRange == 50 && session.settings.pauseContext == 5)
        #expect(send("GET PITCH_RANGE") == [.reply(["514 ERR PARAMETER INVALID"])])
    }

    @Test("OUTPUT_MODULE takes any name and GET gives it back lower-cased; SSML_MODE off and DEBUG answer as Speech Dispatcher does")
    mutating func settingsThatChangeNothingAreKept() {
        #expect(send("GET OUTPUT_MODULE") == [.reply(["251-announcer", "251 OK GET RETURNED"])])
        #expect(send("SET SELF OUTPUT_MODULE ESPEAK-NG") == [.reply(["216 OK OUTPUT MODULE SET"])])
        #expect(send("GET OUTPUT_MODULE") == [.reply(["251-espeak-ng", "251 OK GET RETURNED"])])
        #expect(send("SET SELF OUTPUT_MODULE") == [.reply(["510 ERR MISSING PARAMETER"])])
        #expect(send("SET SELF SSML_MODE off") == [.reply(["219 OK SSML MODE SET"])])
        #expect(send("SET SELF SSML_MODE bad") == [.reply(["513 ERR PARAMETER NOT ON OR OFF"])])
        #expect(send("SET SELF DEBUG on") == [.reply(["317 ERR COULDNT SET DEBUGGING"])])
        #expect(send("SET SELF DEBUG off") == [.reply(["317 ERR COULDNT SET DEBUGGING"])])
        #expect(send("SET SELF DEBUG bad") == [.reply(["513 ERR PARAMETER NOT ON OR OFF"])])
    }

    @Test("GET LANGUAGE gives the code as the client set it, lower-cased; before that the server's default")
    mutating func getLanguageGivesTheCodeAsSet() {
        #expect(send("GET LANGUAGE") == [.reply(["251-en", "251 OK GET RETURNED"])])
        #expect(send("SET SELF LANGUAGE nb-NO") == [.reply(["201 OK LANGUAGE SET"])])
        #expect(send("GET LANGUAGE") == [.reply(["251-nb-no", "251 OK GET RETURNED"])])
        #expect(send("SET SELF LANGUAGE EN-US") == [.reply(["201 OK LANGUAGE SET"])])
        #expect(send("GET LANGUAGE") == [.reply(["251-en-us", "251 OK GET RETURNED"])])
        #expect(send("SET SELF LANGUAGE C") == [.reply(["201 OK LANGUAGE SET"])])
        #expect(send("GET LANGUAGE") == [.reply(["251-c", "251 OK GET RETURNED"])])
    }

    @Test("After SYNTHESIS_VOICE, with or without a name, GET VOICE_TYPE is NO_VOICE and the language's own voice speaks")
    mutating func synthesisVoiceClearsTheVoiceType() throws {
        #expect(send("SET SELF VOICE_TYPE FEMALE1") == [.reply(["209 OK VOICE SET"])])
        #expect(send("SET SELF SYNTHESIS_VOICE  English") == [.reply(["209 OK VOICE SET"])])
        #expect(send("GET VOICE_TYPE") == [.reply(["251-NO_VOICE", "251 OK GET RETURNED"])])
        #expect(session.settings.synthesisVoice == "English")
        #expect(try #require(spoken(speak(["Hi"]))).voiceType == nil)
        #expect(send("SET SELF VOICE_TYPE male2") == [.reply(["209 OK VOICE SET"])])
        #expect(send("SET SELF SYNTHESIS_VOICE") == [.reply(["209 OK VOICE SET"])])
        #expect(send("GET VOICE_TYPE") == [.reply(["251-NO_VOICE", "251 OK GET RETURNED"])])
        #expect(session.settings.synthesisVoice == nil)
    }

    @Test("CLIENT_NAME needs exactly two colons and no space, and only SELF may set it")
    mutating func clientNameNeedsTwoColons() {
        for name in ["badname", "a:b", "a:b:c:d", "user:App Name:main"] {
            #expect(send("SET SELF CLIENT_NAME \(name)") == [.reply(["311 ERR COULDNT SET CLIENT_NAME"])], "\(name)")
        }
        #expect(send("SET SELF CLIENT_NAME joe:orca:main") == [.reply(["208 OK CLIENT NAME SET"])])
        #expect(session.settings.clientName == "joe:orca:main")
        #expect(send("SET ALL CLIENT_NAME x:y:z") == [.reply(["514 ERR PARAMETER INVALID"])])
        #expect(send("SET SELF CLIENT_NAME") == [.reply(["510 ERR MISSING PARAMETER"])])
    }

    @Test("PRIORITY may be set only as SELF: SET ALL and the client's own number are 301")
    mutating func priorityOnlyForSelf() {
        #expect(send("SET ALL PRIORITY text") == [.reply(["301 ERR COULDNT SET PRIORITY"])])
        #expect(send("SET 7 PRIORITY text") == [.reply(["301 ERR COULDNT SET PRIORITY"])])
        #expect(send("SET SELF PRIORITY") == [.reply(["510 ERR MISSING PARAMETER"])])
    }

    @Test("NOTIFICATION checks on or off before the type, and only as SELF")
    mutating func notificationChecksInSpeechDispatchersOrder() {
        #expect(send("SET SELF NOTIFICATION bad maybe") == [.reply(["514 ERR PARAMETER INVALID"])])
        #expect(send("SET SELF NOTIFICATION bad on") == [.reply(["316 ERR COULDNT SET NOTIFICATION"])])
        #expect(send("SET SELF NOTIFICATION all") == [.reply(["510 ERR MISSING PARAMETER"])])
        #expect(send("SET ALL NOTIFICATION all on") == [.reply(["514 ERR PARAMETER INVALID"])])
        #expect(send("SET 7 NOTIFICATION all on") == [.reply(["514 ERR PARAMETER INVALID"])])
    }

    @Test("SET with the client's own number sets its own; SET ALL and another client's number are checked, then refused")
    mutating func setForOthersIsCheckedThenRefused() {
        #expect(send("SET 7 RATE 20") == [.reply(["203 OK RATE SET"])])
        #expect(send("GET RATE") == [.reply(["251-20", "251 OK GET RETURNED"])])
        #expect(send("SET ALL RATE 101") == [.reply(["409 ERR RATE TOO HIGH"])])
        #expect(send("SET ALL LANGUAGE eb") == [.reply(["415 ERR LANGUAGE NOT AVAILABLE, CLOSE ONES ARE en OR nb"])])
        #expect(send("SET ALL RATE 10") == [.reply(["416 ERR SET ALL IS NOT SUPPORTED BY ANNOUNCER"])])
        #expect(send("SET 3 RATE 10") == [.reply(["416 ERR SET FOR ANOTHER CLIENT IS NOT SUPPORTED BY ANNOUNCER"])])
        #expect(send("GET RATE") == [.reply(["251-20", "251 OK GET RETURNED"])])
        // No client has a number below 1, so these fail with the setting's own code.
        #expect(send("SET 0 RATE 20") == [.reply(["303 ERR COULDNT SET RATE"])])
        #expect(send("SET -1 LANGUAGE en") == [.reply(["302 ERR COULDNT SET LANGUAGE"])])
    }

    @Test("STOP and CANCEL of 0 or below are 406; the client's own number means SELF; PAUSE checks its argument before refusing")
    mutating func stopAndCancelNumbers() {
        #expect(send("STOP 0") == [.reply(["406 ERR ID DOESNT EXIST"])])
        #expect(send("CANCEL -1") == [.reply(["406 ERR ID DOESNT EXIST"])])
        #expect(send("STOP 7") == [.cancel(.speakingAmong([])), .reply(["210 OK STOPPED"])])
        #expect(send("CANCEL 7") == [.cancel(.ids([])), .reply(["213 OK CANCELED"])])
        #expect(send("PAUSE 0") == [.reply(["406 ERR ID DOESNT EXIST"])])
        #expect(send("RESUME bogus") == [.reply(["514 ERR PARAMETER INVALID"])])
        #expect(send("RESUME") == [.reply(["510 ERR MISSING PARAMETER"])])
        #expect(send("RESUME all") == [.resume(.all), .reply(["212 OK RESUMED"])])
    }

    @Test("HISTORY answers as Speech Dispatcher 0.11.4, which keeps no history either")
    mutating func historyAnswersAsSpeechDispatcher() {
        let replies: [(String, [String])] = [
            ("HISTORY", ["510 ERR MISSING PARAMETER"]),
            ("HISTORY GET", ["510 ERR MISSING PARAMETER"]),
            ("HISTORY GET CLIENT_LIST", ["380 ERR NOT YET IMPLEMENTED"]),
            ("HISTORY GET MESSAGE_ID", ["510 ERR MISSING PARAMETER"]),
            ("HISTORY GET LAST", ["403 ERR NO MESSAGE"]),
            ("HISTORY GET MESSAGE 5", ["380 ERR NOT YET IMPLEMENTED"]),
            ("HISTORY GET MESSAGE abc", ["511 ERR PARAMETER NOT A NUMBER"]),
            ("HISTORY GET CLIENT_MESSAGES SELF 0 10", ["380 ERR NOT YET IMPLEMENTED"]),
            ("HISTORY GET CLIENT_MESSAGES ALL 0 10", ["380 ERR NOT YET IMPLEMENTED"]),
            ("HISTORY GET CLIENT_MESSAGES 7 0 10", ["241 OK MSGS LIST SENT"]),
            ("HISTORY GET CLIENT_MESSAGES 3 0 10", ["380 ERR NOT YET IMPLEMENTED"]),
            ("HISTORY CURSOR GET", ["403 ERR NO MESSAGE"]),
            ("HISTORY CURSOR SET 7 FIRST", ["220 OK CURSOR SET FIRST"]),
            ("HISTORY CURSOR SET 7 LAST", ["221 OK CURSOR SET LAST"]),
            ("HISTORY CURSOR SET 7 POS 1", ["222 OK CURSOR SET TO POSITION"]),
            ("HISTORY CURSOR FORWARD", ["223 OK CURSOR MOVED FORWARD"]),
            ("HISTORY CURSOR BACKWARD", ["224 OK CURSOR MOVED BACKWARD"]),
            ("HISTORY CURSOR BACKWARD", ["224 OK CURSOR MOVED BACKWARD"]),
            ("HISTORY CURSOR BACKWARD", ["404 ERR POSITION TOO LOW"]),
            ("HISTORY CURSOR bogus", ["510 ERR MISSING PARAMETER"]),
            ("HISTORY SAY 5", ["406 ERR ID DOESNT EXIST"]),
            ("HISTORY SAY abc", ["511 ERR PARAMETER NOT A NUMBER"]),
            ("HISTORY SORT asc id", ["380 ERR NOT YET IMPLEMENTED"]),
            ("HISTORY bogus", ["500 ERR INVALID COMMAND"]),
        ]
        for (line, reply) in replies {
            #expect(send(line) == [.reply(reply)], "\(line)")
        }
    }

    @Test("Inside a BLOCK, SET (but PRIORITY, OUTPUT_MODULE, SPELLING and CLIENT_NAME) and messages are allowed; the rest is 332")
    mutating func blockAllowsWhatSpeechDispatcherAllows() throws {
        #expect(send("BLOCK BEGIN") == [.reply(["260 OK INSIDE BLOCK"])])
        for line in ["SET SELF PRIORITY text", "SET SELF OUTPUT_MODULE espeak-ng", "SET SELF SPELLING off",
                     "SET SELF CLIENT_NAME a:b:c", "STOP SELF", "CANCEL SELF", "PAUSE SELF", "RESUME SELF",
                     "GET RATE", "LIST VOICES", "HELP", "HISTORY GET CLIENT_ID"] {
            #expect(send(line) == [.reply(["332 ERR NOT ALLOWED INSIDE BLOCK"])], "\(line)")
        }
        #expect(send("SET SELF RATE 10") == [.reply(["203 OK RATE SET"])])
        #expect(send("SET SELF LANGUAGE en") == [.reply(["201 OK LANGUAGE SET"])])
        #expect(send("SET SELF NOTIFICATION all off") == [.reply(["220 OK NOTIFICATION SET"])])
        #expect(spoken(send("CHAR x")) != nil)
        #expect(spoken(speak(["inside"])) != nil)
        #expect(send("FOO") == [.reply(["500 ERR INVALID COMMAND"])])
        #expect(send("BLOCK END") == [.reply(["261 OK OUTSIDE BLOCK"])])
    }

    @Test("A message of blank lines is queued as in Speech Dispatcher: 225 with an id, then BEGIN and END at once")
    mutating func blankMessageBeginsAndEndsAtOnce() throws {
        #expect(send("SET SELF NOTIFICATION all on") == [.reply(["220 OK NOTIFICATION SET"])])
        let actions = speak(["   ", ""])
        let id = try #require(queuedID(actions))
        let due = now + SSIPSession.eventHold
        #expect(actions == [.reply(["225-\(id)", "225 OK MESSAGE QUEUED"]), .wake(at: due)])
        #expect(session.releaseHeldEvents(at: due) == [
            .events(["701-\(id)", "701-7", "701 BEGIN", "702-\(id)", "702-7", "702 END"]),
        ])
        #expect(send("SET SELF NOTIFICATION all off") == [.reply(["220 OK NOTIFICATION SET"])])
        let quiet = speak([""])
        let quietID = try #require(queuedID(quiet))
        #expect(quiet == [.reply(["225-\(quietID)", "225 OK MESSAGE QUEUED"])])
    }

    private func event(_ kind: TimelineEvent.Kind, of announcement: Announcement, at time: MonotonicInstant) -> TimelineEvent {
        TimelineEvent(time: time, kind: kind, announcement: announcement)
    }

    /// Should hold a message's events until the hold after its 225 reply, then send them in order.
    @Test("A message's events wait out the hold behind its 225 reply, then go in order")
    mutating func eventsWaitBehindTheReply() throws {
        #expect(send("SET SELF NOTIFICATION all on") == [.reply(["220 OK NOTIFICATION SET"])])
        let message = try #require(spoken(speak(["Hello"])))
        _ = session.accepted(message.id, at: now)
        let due = now + SSIPSession.eventHold
        #expect(session.deliver(event(.firstAudio, of: message, at: now), at: now) == [.wake(at: due)])
        // A second event while the wake is pending asks for no second wake.
        #expect(session.deliver(event(.ended(.spoken), of: message, at: now), at: now) == [])
        #expect(session.releaseHeldEvents(at: due) == [
            .events(["701-\(message.id)", "701-7", "701 BEGIN", "702-\(message.id)", "702-7", "702 END"]),
        ])
        // Once ended, the message is no longer the client's own to cancel.
        #expect(send("CANCEL self") == [.cancel(.ids([])), .reply(["213 OK CANCELED"])])
    }

    /// Should send at once the events of a message whose hold has passed.
    @Test("After the hold, an event goes out at once, with no wake")
    mutating func eventAfterTheHoldGoesAtOnce() throws {
        #expect(send("SET SELF NOTIFICATION end on") == [.reply(["220 OK NOTIFICATION SET"])])
        let message = try #require(spoken(speak(["Hello"])))
        _ = session.accepted(message.id, at: now)
        let later = now + .seconds(1)
        #expect(session.deliver(event(.firstAudio, of: message, at: later), at: later) == [])
        #expect(session.deliver(event(.ended(.spoken), of: message, at: later), at: later) == [
            .events(["702-\(message.id)", "702-7", "702 END"]),
        ])
    }
}

@Suite struct SSIPIndexMarkTests {
    @Test("An index mark's name with a line break in it goes out as one 700 line, the break a space")
    func markNameCannotForgeALine() throws {
        var session = SSIPSession(clientID: 3, defaultLanguage: .english, maxMessageBytes: 1_000, voices: [])
        _ = session.receive(Array("SET SELF NOTIFICATION index_marks on".utf8), at: MonotonicInstant(microseconds: 0))
        let announcement = try Announcement(id: AnnouncementID("9"), text: "x", arrival: MonotonicInstant(microseconds: 0))
        let lines = session.eventLines(for: TimelineEvent(time: MonotonicInstant(microseconds: 1), kind: .mark("a\r\n225 OK"), announcement: announcement))
        #expect(lines == ["700-9", "700-3", "700-a  225 OK", "700 INDEX MARK"])
    }
}
