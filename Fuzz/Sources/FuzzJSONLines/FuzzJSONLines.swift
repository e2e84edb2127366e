// Fuzzes the JSON-lines protocol: every line of the input goes through JSONRequestParser.parse, as the
// server's line framer hands it on; a speak that parses is made into an announcement as the server does.
// Asserts: no crash, and every reply is exactly one line of valid JSON (a reply with a raw newline in it
// would desynchronise the client's reading of replies).
import AnnouncerCore
import AnnouncerProtocol
import Foundation
import FuzzSupport

private let languages: [Language] = [.english, .norwegianBokmal]
private let defaults = ConnectionDefaults(language: .english)

/// The entry point SwiftPM links as `main`: libFuzzer's driver, with this harness.
@_cdecl("FuzzJSONLines_main")
public func fuzzJSONLinesMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzJSONLines)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONLines(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    for line in fuzzLines(fuzzInput(data, size)) {
        let reply: String
        switch JSONRequestParser.parse(line, languages: languages) {
        case let .failure(failure):
            reply = ReplyHeader.refusalLine(failure.request.flatMap(RequestName.init(rawValue:)), failure.error)
        case let .success(.speak(speak)):
            do {
                let announcement = try speak.announcement(defaults: defaults, arrival: MonotonicInstant(microseconds: 1_000_000_000_000_000))
                reply = Reply(.speak, SpeakAccepted(id: announcement.id)).encoded
            } catch {
                reply = ReplyHeader.refusalLine(.speak, error)
            }
        case .success:
            reply = Reply(.status, NoBody()).encoded
        }
        checkReply(reply)
    }
    return 0
}

private func checkReply(_ reply: String) {
    if reply.contains(where: \.isNewline) { fuzzFailure("a reply holds a line break: \(reply.debugDescription)") }
    guard let object = try? JSONSerialization.jsonObject(with: Data(reply.utf8)) as? [String: Any], object["ok"] != nil else {
        fuzzFailure("a reply is not a JSON object with \"ok\": \(reply.debugDescription)")
    }
}
