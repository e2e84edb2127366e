@testable import ATDriver
import Foundation
import Logging
import Testing

/// The session's rules, served by the runner against a fake backend: no NIO, no socket. Each exchange sends
/// one message and waits until the runner's queue has answered it.
@Suite("AT Driver commands")
struct ATDriverCommandRunnerTests {
    let backend = FakeBackend()
    let runner: ATDriverCommandRunner
    let client = RecordingConnection()

    init() {
        runner = ATDriverCommandRunner(backend: backend, logger: Logger(label: "test"))
    }

    /// Sends `json` from `connection` and returns the one message it got back.
    private func exchange(_ json: String, from connection: RecordingConnection? = nil) throws -> String {
        let connection = connection ?? client
        runner.receive(Array(json.utf8), from: connection)
        runner.waitUntilIdle()
        let sent = connection.take()
        try #require(sent.count == 1, "expected one answer, got \(sent)")
        return sent[0]
    }

    private func openSession(from connection: RecordingConnection? = nil) throws {
        let reply = try WireMessage<ATDriverSessionNewResult>(exchange(#"{"id":1,"method":"session.new","params":{}}"#, from: connection))
        try #require(reply.result != nil, "session.new failed: \(reply.message ?? "")")
    }

    /// Should answer session.new with a UUID session id and the backend's capabilities, lower-cased, with the display.
    @Test("session.new answers with a session id and the screen reader's capabilities")
    func sessionNewAnswersWithCapabilities() throws {
        let text = try exchange(#"{"id":7,"method":"session.new","params":{"capabilities":{"alwaysMatch":{"atName":"ORCA","platformName":"Linux"}}}}"#)
        let reply = try WireMessage<ATDriverSessionNewResult>(text)
        #expect(reply.id == 7)
        let result = try #require(reply.result)
        #expect(UUID(uuidString: result.sessionId) != nil)
        #expect(result.capabilities == .init(ATDriverIdentity(atName: "orca", atVersion: "46.1", platformName: "linux", display: ":99")))
        #expect(text.contains(#""announcer:display":":99""#))
        #expect(backend.isCapturing)
    }

    /// Should refuse a session for a screen reader other than the backend's.
    @Test("session.new for another screen reader is not created")
    func sessionForAnotherScreenReaderIsNotCreated() throws {
        let reply = try WireMessage<AnyResult>(exchange(#"{"id":2,"method":"session.new","params":{"capabilities":{"alwaysMatch":{"atName":"NVDA"}}}}"#))
        #expect(reply.id == 2)
        #expect(reply.error == .sessionNotCreated)
        #expect(!backend.isCapturing)
    }

    /// Should refuse a second session while one is open, from this connection or another.
    @Test("A second session.new, on the same or another connection, is refused while one is open")
    func secondSessionIsRefused() throws {
        try openSession()
        let again = try WireMessage<AnyResult>(exchange(#"{"id":2,"method":"session.new"}"#))
        #expect(again.error == .sessionNotCreated)
        #expect(again.message?.contains("already open") == true)
        let other = try WireMessage<AnyResult>(exchange(#"{"id":3,"method":"session.new"}"#, from: RecordingConnection()))
        #expect(other.id == 3)
        #expect(other.error == .sessionNotCreated)
        #expect(other.message?.contains("already open") == true)
    }

    /// Should answer any command but session.new with invalid session id until the connection has a session.
    @Test("Commands before session.new get invalid session id and reach no backend")
    func commandsBeforeSessionNewAreRefused() throws {
        let keys = try WireMessage<AnyResult>(exchange(#"{"id":4,"method":"interaction.pressKeys","params":{"keys":["a"]}}"#))
        #expect(keys.id == 4)
        #expect(keys.error == .invalidSessionID)
        let settings = try WireMessage<AnyResult>(exchange(#"{"id":5,"method":"settings.getSettings","params":{}}"#))
        #expect(settings.error == .invalidSessionID)
        #expect(backend.pressed.isEmpty)
    }

    /// Should not let a second connection use the session another connection opened.
    @Test("A connection without the session cannot use another connection's")
    func sessionBelongsToItsConnection() throws {
        try openSession()
        let reply = try WireMessage<AnyResult>(exchange(#"{"id":8,"method":"interaction.pressKeys","params":{"keys":["a"]}}"#, from: RecordingConnection()))
        #expect(reply.error == .invalidSessionID)
        #expect(backend.pressed.isEmpty)
    }

    /// Should answer a method it does not know with unknown command and the command's id.
    @Test("An unknown method gets unknown command with its id")
    func unknownMethodIsUnknownCommand() throws {
        try openSession()
        let reply = try WireMessage<AnyResult>(exchange(#"{"id":9,"method":"browsingContext.navigate","params":{}}"#))
        #expect(reply.id == 9)
        #expect(reply.error == .unknownCommand)
    }

    /// Should answer a message that is not JSON, or has no usable id, with invalid argument and a null id.
    @Test("A message that is not JSON, or has no numeric id, gets invalid argument with a null id",
          arguments: ["not json", #"{"method":"session.new","params":{}}"#, #"{"id":"1","method":"session.new"}"#, #"{"id":-1,"method":"session.new"}"#, "[1]"])
    func unreadableMessageGetsNullID(message: String) throws {
        let text = try exchange(message)
        #expect(try WireMessage<AnyResult>(text).error == .invalidArgument)
        #expect(text.contains(#""id":null"#))
        #expect(!backend.isCapturing)
    }

    /// Should send the keys of userIntent pressKeys, and of the older interaction.pressKeys, to the backend in order, answering {} after.
    @Test("pressKeys, as a user intent or the older command, reaches the backend and answers {}")
    func pressKeysReachesTheBackend() throws {
        try openSession()
        let intent = try exchange(#"{"id":10,"method":"interaction.userIntent","params":{"name":"pressKeys","keys":["\uE009","h"]}}"#)
        #expect(intent == #"{"id":10,"result":{}}"#)
        let older = try exchange(#"{"id":11,"method":"interaction.pressKeys","params":{"keys":["\uE004"]}}"#)
        #expect(older == #"{"id":11,"result":{}}"#)
        #expect(backend.pressed == [["\u{E009}", "h"], ["\u{E004}"]])
    }

    /// Should answer a user intent other than pressKeys with unknown user intent.
    @Test("A user intent other than pressKeys is an unknown user intent")
    func otherUserIntentIsUnknown() throws {
        try openSession()
        let reply = try WireMessage<AnyResult>(exchange(#"{"id":12,"method":"interaction.userIntent","params":{"name":"orca:flatReview"}}"#))
        #expect(reply.id == 12)
        #expect(reply.error == .unknownUserIntent)
    }

    /// Should refuse keys that are missing, empty, not strings, or more than one character each, before the backend sees them.
    @Test("Bad keys are an invalid argument and press nothing", arguments: [
        #"{}"#, #"{"keys":[]}"#, #"{"keys":[9]}"#, #"{"keys":"a"}"#, #"{"keys":["ab"]}"#, #"{"keys":[""]}"#,
    ])
    func badKeysAreInvalid(params: String) throws {
        try openSession()
        let reply = try WireMessage<AnyResult>(exchange(#"{"id":13,"method":"interaction.pressKeys","params":"# + params + "}"))
        #expect(reply.id == 13)
        #expect(reply.error == .invalidArgument)
        #expect(backend.pressed.isEmpty)
    }

    /// Should pass on the backend's own failure to send keys, with its code.
    @Test("A backend that cannot press keys answers with its error code")
    func backendKeyFailureIsReported() throws {
        try openSession()
        backend.failKeys(with: .cannotSimulateKeyboardInteraction("The X display is gone."))
        let reply = try WireMessage<AnyResult>(exchange(#"{"id":14,"method":"interaction.pressKeys","params":{"keys":["a"]}}"#))
        #expect(reply.error == .cannotSimulateKeyboardInteraction)
        #expect(reply.message == "The X display is gone.")
    }

    /// Should read back a setting it was given, and give every setting when no names are asked for.
    @Test("setSettings then getSettings reads the new values back")
    func settingsRoundTrip() throws {
        try openSession()
        let set = try exchange(#"{"id":20,"method":"settings.setSettings","params":{"settings":[{"name":"rate","value":80},{"name":"punctuation","value":"all"}]}}"#)
        #expect(set == #"{"id":20,"result":{}}"#)
        #expect(backend.applied == [[.init(name: "rate", value: .number(80)), .init(name: "punctuation", value: .string("all"))]])
        let named = try WireMessage<ATDriverSettingsResult>(exchange(#"{"id":21,"method":"settings.getSettings","params":{"settings":[{"name":"punctuation"},{"name":"rate"}]}}"#))
        #expect(named.result?.settings == [.init(name: "punctuation", value: .string("all")), .init(name: "rate", value: .number(80))])
        let all = try WireMessage<ATDriverSettingsResult>(exchange(#"{"id":22,"method":"settings.getSettings","params":{}}"#))
        #expect(all.result?.settings.map(\.name) == ["rate", "keyEcho", "punctuation"])
    }

    /// Should refuse to get a setting the backend does not support.
    @Test("getSettings of an unknown setting is an invalid argument")
    func unknownSettingIsInvalid() throws {
        try openSession()
        let reply = try WireMessage<AnyResult>(exchange(#"{"id":23,"method":"settings.getSettings","params":{"settings":[{"name":"volume"}]}}"#))
        #expect(reply.error == .invalidArgument)
    }

    /// Should refuse a change the setting does not take, and make none of the changes asked with it.
    @Test("setSettings with a value out of range changes nothing", arguments: [
        #"{"name":"rate","value":101}"#, #"{"name":"rate","value":"fast"}"#, #"{"name":"keyEcho","value":1}"#,
        #"{"name":"punctuation","value":"every"}"#, #"{"name":"volume","value":5}"#, #"{"name":"rate","value":null}"#,
    ])
    func badSettingChangesNothing(change: String) throws {
        try openSession()
        let reply = try WireMessage<AnyResult>(exchange(#"{"id":24,"method":"settings.setSettings","params":{"settings":[{"name":"keyEcho","value":false},"# + change + "]}}"))
        #expect(reply.error == .invalidArgument)
        #expect(backend.applied.isEmpty)
    }

    /// Should describe each supported setting by name, current value and the values it takes.
    @Test("getSupportedSettings gives each setting's value and the values it takes")
    func supportedSettingsDescribeTheirValues() throws {
        try openSession()
        let text = try exchange(#"{"id":25,"method":"settings.getSupportedSettings","params":{}}"#)
        let result = try #require(try WireMessage<ATDriverSupportedSettingsResult>(text).result)
        #expect(result == ATDriverSupportedSettingsResult(backend.supportedSettings()))
        #expect(text.contains(#"{"name":"rate","value":50,"values":{"maximum":100,"minimum":0,"type":"number"}}"#))
        #expect(text.contains(#"{"name":"keyEcho","value":true,"values":{"type":"boolean"}}"#))
        #expect(text.contains(#""values":{"enum":["none","some","most","all"],"type":"string"}"#))
    }

    /// Should open a page through the backend, and refuse a URL with no scheme.
    @Test("announcer:page.open opens the page; a URL without a scheme is refused")
    func pageOpenReachesTheBackend() throws {
        try openSession()
        #expect(try exchange(#"{"id":30,"method":"announcer:page.open","params":{"url":"file:///tmp/page.html"}}"#) == #"{"id":30,"result":{}}"#)
        #expect(try WireMessage<AnyResult>(exchange(#"{"id":31,"method":"announcer:page.open","params":{"url":"page.html"}}"#)).error == .invalidArgument)
        #expect(backend.pages == ["file:///tmp/page.html"])
    }

    /// Should send what the screen reader says to the session's connection as interaction.capturedOutput, its
    /// text plain in data and its known times in announcer:timing.
    @Test("Captured speech arrives as a capturedOutput event with plain data and the timing")
    func capturedOutputIsAnEvent() throws {
        try openSession()
        #expect(backend.speak(ATDriverCapturedOutput(text: "Submit, button", keySent: 1000, received: 1012.5, firstAudio: 1030.25)))
        #expect(backend.speak(ATDriverCapturedOutput(text: "Name, edit", keySent: 2000)))
        let events = client.take()
        #expect(events == [
            #"{"method":"interaction.capturedOutput","params":{"announcer:timing":{"firstAudio":1030.25,"keySent":1000,"received":1012.5},"data":"Submit, button"}}"#,
            #"{"method":"interaction.capturedOutput","params":{"announcer:timing":{"keySent":2000},"data":"Name, edit"}}"#,
        ])
    }

    /// Should leave announcer:timing out of an event when no time is known.
    @Test("An event with no known time has no timing")
    func eventWithoutTimesHasNoTiming() throws {
        try openSession()
        backend.speak(ATDriverCapturedOutput(text: "Welcome", received: .nan))
        #expect(client.take() == [#"{"method":"interaction.capturedOutput","params":{"data":"Welcome"}}"#])
    }

    /// Should stop capturing at session.end and send no event after it, even from a speech thread that is late.
    @Test("session.end stops capturing, and speech after it sends no event")
    func sessionEndStopsEvents() throws {
        try openSession()
        let late = try #require(backend.lastDeliverer)
        #expect(try exchange(#"{"id":40,"method":"session.end","params":{}}"#) == #"{"id":40,"result":{}}"#)
        #expect(backend.stops == 1)
        late(ATDriverCapturedOutput(text: "too late"))
        #expect(client.take().isEmpty)
        #expect(try WireMessage<AnyResult>(exchange(#"{"id":41,"method":"interaction.pressKeys","params":{"keys":["a"]}}"#)).error == .invalidSessionID)
    }

    /// Should end the session when its connection closes, so another connection can open one.
    @Test("Closing the session's connection ends it, and another connection can start one")
    func closingTheConnectionEndsTheSession() throws {
        try openSession()
        runner.connectionClosed(client)
        runner.waitUntilIdle()
        #expect(backend.stops == 1)
        #expect(!backend.isCapturing)
        try openSession(from: RecordingConnection())
    }

    /// Should leave the session alone when a connection without it closes.
    @Test("Closing another connection leaves the session open")
    func closingAnotherConnectionKeepsTheSession() throws {
        try openSession()
        runner.connectionClosed(RecordingConnection())
        runner.waitUntilIdle()
        #expect(backend.stops == 0)
        #expect(backend.isCapturing)
    }

    /// Should answer each connection's commands in the order they came, even when the first one waits on the backend.
    @Test("Answers keep the order of their commands")
    func answersKeepCommandOrder() throws {
        try openSession()
        backend.takeTime(pressingKeys: 0.005)
        for id in 50..<60 {
            let json = id.isMultiple(of: 2)
                ? #"{"id":\#(id),"method":"interaction.pressKeys","params":{"keys":["a"]}}"#
                : #"{"id":\#(id),"method":"nonsense"}"#
            runner.receive(Array(json.utf8), from: client)
        }
        runner.waitUntilIdle()
        #expect(try client.take().map { try WireMessage<AnyResult>($0).id } == Array(50..<60))
    }

    /// Should end the open session when the server closes.
    @Test("Closing the runner ends the open session")
    func closeEndsTheSession() throws {
        try openSession()
        runner.close()
        #expect(backend.stops == 1)
        #expect(!backend.isCapturing)
    }
}
