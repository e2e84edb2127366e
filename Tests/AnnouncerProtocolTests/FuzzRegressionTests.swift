import AnnouncerCore
import Testing
@testable import AnnouncerProtocol

/// Inputs the FuzzSSIP and FuzzJSONLines harnesses (Fuzz/, docs/RELIABILITY.md) found or grew, fed
/// to the same entry points with the harnesses' rules: every SSIP reply is lines "NNN-…" and a final
/// "NNN …" with no CR or LF inside a line; every JSON-lines reply is one line of JSON.
@Suite struct FuzzRegressionTests {
    static let voices = [
        OfferedVoice(name: "English", language: .english, voiceType: "MALE1"),
        OfferedVoice(name: "Norsk bokmål", language: .norwegianBokmal, voiceType: "MALE1"),
    ]

    /// Plays `conversation` to a session as the harness does: lines at LF, a CR before it removed, the
    /// last line also when no LF ends it.
    static func replies(to conversation: [UInt8]) -> [[String]] {
        var session = SSIPSession(clientID: 3, defaultLanguage: .english, maxMessageBytes: 1024, voices: voices)
        var replies: [[String]] = []
        var lines = conversation.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        for var line in lines {
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            for case let .reply(lines) in session.receive(line, at: MonotonicInstant(microseconds: 1_000)) { replies.append(lines) }
        }
        return replies
    }

    static func isWellFormed(_ reply: [String]) -> Bool {
        !reply.isEmpty && reply.enumerated().allSatisfy { number, line in
            let bytes = Array(line.utf8)
            let separator = number == reply.count - 1 ? UInt8(ascii: " ") : UInt8(ascii: "-")
            return bytes.count >= 4 && bytes[0..<3].allSatisfy { (48...57).contains($0) } && bytes[3] == separator
                && !bytes.contains(UInt8(ascii: "\r")) && !bytes.contains(UInt8(ascii: "\n"))
        }
    }

    @Test("A CR inside an unknown HISTORY word is not echoed into the reply (found by the fuzzer)")
    func historyWordWithCR() {
        let replies = Self.replies(to: Array("HISTORY GE\r\u{0F}X ID\r\n".utf8))
        #expect(replies == [["500 ERR INVALID COMMAND"]])
    }

    @Test("HISTORY SORT gets Speech Dispatcher's fixed reply, which names no word of the client's")
    func historyPlainWord() {
        #expect(Self.replies(to: Array("HISTORY SORT id\r\n".utf8)) == [["380 ERR NOT YET IMPLEMENTED"]])
    }

    @Test("The fuzzer's crashing SSIP conversation gets well-formed replies only")
    func fuzzerConversation() {
        let bytes: [UInt8] = Array("PUNCTUA\"\r\nHISTORY GE9".utf8) + [0, 0, 0, 0, 0, 0, 0] + Array("_B".utf8)
            + [0, 0, 0, 0, 0, 0, 0] + Array("IDPUNCTUA\"\r\nSET +5\r RATE 1\r\nSET 1\u{85}2 PITCH 3\r\n".utf8)
        let replies = Self.replies(to: bytes)
        #expect(replies.count == 4)
        #expect(replies.allSatisfy(Self.isWellFormed), "\(replies)")
    }

    // MARK: - JSON lines

    /// The reply the server would write for `line`, as the FuzzJSONLines harness builds it.
    static func jsonReply(_ line: [UInt8]) -> String {
        switch JSONRequestParser.parse(line, languages: [.english, .norwegianBokmal]) {
        case let .failure(failure): ReplyHeader.refusalLine(failure.request.flatMap(RequestName.init(rawValue:)), failure.error)
        case let .success(request): "\(request)"
        }
    }

    @Test("Nesting as deep as a 64 KiB line allows is refused as a line, not a stack overflow",
          arguments: [String(repeating: "[", count: 65_000), String(repeating: "{\"a\":", count: 13_000),
                      "{\"request\":\"speak\",\"text\":" + String(repeating: "[", count: 60_000)])
    func deepNesting(_ line: String) {
        let reply = Self.jsonReply(Array(line.utf8))
        #expect(reply.contains("\"error\":\"invalid_json\"") || reply.contains("\"error\":\"invalid_value\""), "\(reply.prefix(200))")
    }

    @Test("Odd lines the fuzzer grew get one-line replies with the right error", arguments: [
        ("{\"request\":\"speak\",\"text\":\"x\",\"rate\":1e400}", "invalid_json"),
        ("{\"request\":\"speak\",\"text\":\"x\",\"sent_ms\":-0}", ""),
        ("{\"request\":\"speak\",\"text\":\"\\u0000\\ud83d\"}", ""),
        ("{\"request\":\"cancel\"}\r", "missing_field"),
        ("{\"request\":\"speak\",\"text\":\"x\",\"id\":\"\u{0660}\u{0661}\"}", ""),
        ("{\"request\":\"speak\",\"request\":\"status\"}", ""),
    ])
    func oddLines(_ line: String, error: String) {
        let reply = Self.jsonReply(Array(line.utf8))
        #expect(!reply.contains("\n"))
        if !error.isEmpty { #expect(reply.contains("\"error\":\"\(error)\""), "\(reply)") }
    }
}
