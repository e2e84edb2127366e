// Fuzzes the SSIP session: the input is a whole conversation, split into lines as the server's framer
// does (LF, an optional CR before it, lines over the limit reported as too long), SPEAK bodies included.
// Asserts: no crash; every reply is well formed (lines "NNN-…" then one final "NNN …", no CR or LF
// inside a line), since a client such as python3-speechd reads replies by exactly that shape; every
// announcement handed to the queue has text; after QUIT nothing more is read.
import AnnouncerCore
import AnnouncerProtocol
import FuzzSupport

/// Small, so that the message-too-long and line-too-long paths are reached by short inputs.
private let maxLineBytes = 512
private let maxMessageBytes = 1024
private let voices = [
    OfferedVoice(name: "English", language: .english, voiceType: "MALE1"),
    OfferedVoice(name: "Norsk bokmål", language: .norwegianBokmal, voiceType: "MALE1"),
]

/// The entry point SwiftPM links as `main`: libFuzzer's driver, with this harness.
@_cdecl("FuzzSSIP_main")
public func fuzzSSIPMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzSSIP)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSSIP(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var session = SSIPSession(clientID: 3, defaultLanguage: .english, maxMessageBytes: maxMessageBytes, voices: voices)
    var clock: UInt64 = 1_000
    lines: for line in fuzzLines(fuzzInput(data, size)) {
        clock += 1
        let actions = line.count > maxLineBytes
            ? session.lineTooLong(limit: maxLineBytes)
            : session.receive(line, at: MonotonicInstant(microseconds: clock))
        for action in actions {
            switch action {
            case let .reply(lines): checkReply(lines)
            case let .speak(announcement):
                if announcement.text.isEmpty { fuzzFailure("an announcement with no text was queued") }
                for case let .reply(lines) in session.accepted(announcement.id, at: MonotonicInstant(microseconds: clock)) { checkReply(lines) }
            case .cancel, .events, .wake, .pause, .resume: break
            case .close: break lines
            }
        }
    }
    return 0
}

private func checkReply(_ lines: [String]) {
    guard !lines.isEmpty else { fuzzFailure("an empty reply") }
    for (number, line) in lines.enumerated() {
        if line.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) {
            fuzzFailure("a reply line holds a line break: \(line.debugDescription)")
        }
        let bytes = Array(line.utf8)
        let separator = number == lines.count - 1 ? UInt8(ascii: " ") : UInt8(ascii: "-")
        guard bytes.count >= 4, bytes[0..<3].allSatisfy({ (48...57).contains($0) }), bytes[3] == separator else {
            fuzzFailure("reply line \(number + 1) of \(lines.count) is not SSIP's shape: \(line.debugDescription)")
        }
    }
}
