import AnnouncerCore
import Foundation
import Glibc
import Synchronization
import Testing
@testable import AnnouncerFlows

/// `flow play` without a process: keys from a pipe, a speaker that records what it is asked to say,
/// and the printed lines collected.
@Suite struct FlowPlayerTests {
    /// Records what the player says and stops; every utterance counts as heard at once.
    final class RecordingSpeaker: FlowSpeaker, @unchecked Sendable {
        // Unchecked: every field is read and written under `lock`.
        private let lock = NSLock()
        private var said: [(id: String, text: String)] = []
        private var cancelled: [String] = []
        var texts: [String] { lock.withLock { said.map(\.text) } }
        var cancelledTexts: [String] {
            lock.withLock { cancelled.compactMap { id in said.first { $0.id == id }?.text } }
        }
        func say(_ utterance: Utterance) throws -> String {
            lock.withLock {
                let id = "u\(said.count)"
                said.append((id, utterance.text))
                return id
            }
        }
        func cancel(_ id: String) { lock.withLock { cancelled.append(id) } }
        func waitUntilHeardOrEnded(_ id: String, timeout: Duration) -> HeardTimes? { HeardTimes(firstAudio: 1, outcome: .spoken) }
        func waitUntilEnded(_ ids: [String], timeout: Duration) -> Bool { true }
    }

    /// Plays `keys` on the English login flow and returns the printed lines and the speaker.
    private func play(_ keys: String) throws -> (lines: [String], speaker: RecordingSpeaker, ending: FlowPlayer.Ending) {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        _ = keys.utf8CString.withUnsafeBufferPointer { write(ends[1], $0.baseAddress, keys.utf8.count) }
        close(ends[1])
        defer { close(ends[0]) }
        let printed = Mutex<[String]>([])
        let speaker = RecordingSpeaker()
        let session = try FlowSessionTests.session("login.en.yaml")
        let player = FlowPlayer(
            session: session, keyboard: PlayKeyboard(fd: ends[0]), voice: speaker,
            profile: FlowSessionTests.voices.profile(for: .english)!, stopSpeech: {},
            writeLine: { line in printed.withLock { $0.append(String(line.dropLast())) } }
        )
        let ending = player.run()
        if ending == .endOfInput { player.finishSpeaking() } else { player.quit() }
        return (printed.withLock { $0 }, speaker, ending)
    }

    /// Should print and speak each focus phrase as Tab moves, and quit on q.
    @Test("Tab moves focus: each phrase is printed and spoken; q quits")
    func tabSpeaksEachFocusPhrase() throws {
        let run = try play("\t\tq")
        #expect(run.ending == .quit)
        #expect(run.speaker.texts.count == 2)
        #expect(run.lines == run.speaker.texts)
        #expect(run.lines.allSatisfy { !$0.isEmpty && $0.count <= 200 })
    }

    /// Should stop the phrase still speaking when the next gesture comes, as a screen reader does.
    @Test("Each gesture stops the focus phrase before it")
    func gestureStopsThePreviousPhrase() throws {
        let run = try play("\t\t")
        #expect(run.ending == .endOfInput)
        #expect(run.speaker.cancelledTexts == [run.speaker.texts[0]])
    }

    /// Should say in one line that a key means nothing, and not speak it.
    @Test("An unknown key is one printed line and no speech")
    func unknownKeyIsOneLine() throws {
        let run = try play("z")
        #expect(run.lines == ["That key does nothing here; press question mark for the keys."])
        #expect(run.speaker.texts.isEmpty)
    }
}
