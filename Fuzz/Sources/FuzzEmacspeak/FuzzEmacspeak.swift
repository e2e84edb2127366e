// Fuzzes `announce emacspeak`'s reading: the input is what Emacspeak or Fenrir writes to a speech
// server, split into lines at LF, read by TclCommandReader (braces gathered over lines, words split as
// Tcl does) and carried out by an EmacspeakSession, then the end of the input (TclCommandReader.finish).
// Asserts: no crash (a number too large for Int, as `sh 1e19`, once trapped) and no hang (an open brace
// over many lines was once read in quadratic time); every problem is one sentence on one line, as it
// is written to standard error; every request the session makes is SSML the server reads without a
// problem, so no markup of the session's own is ever read aloud.
import AnnouncerCore
import AnnouncerProtocol
import FuzzSupport
import SSMLReading

private let voices = [
    OfferedVoice(name: "English", language: .english, voiceType: "MALE1"),
    OfferedVoice(name: "Norsk bokmål", language: .norwegianBokmal, voiceType: "MALE1"),
]
private let reader = SSMLReader(voiceNamed: { name in voices.first { $0.name == name }?.language })

/// The entry point SwiftPM links as `main`: libFuzzer's driver, with this harness.
@_cdecl("FuzzEmacspeak_main")
public func fuzzEmacspeakMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzEmacspeak)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEmacspeak(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var commands = TclCommandReader()
    var session = EmacspeakSession(voices: voices, defaultLanguage: .english, version: "fuzz")
    // As `announce emacspeak` reads standard input: Swift's readLine, which repairs invalid UTF-8.
    for line in fuzzLines(fuzzInput(data, size)) {
        switch commands.take(Substring(String(decoding: line, as: UTF8.self))) {
        case .incomplete: break
        case let .problem(sentence): checkSentence(sentence)
        case let .command(words):
            for action in session.receive(words) { check(action) }
        }
    }
    if case let .problem(sentence)? = commands.finish() { checkSentence(sentence) }
    return 0
}

private func check(_ action: EmacspeakSession.Action) {
    switch action {
    case let .speak(request):
        guard request.ssml else { fuzzFailure("a request without SSML: \(request.text.debugDescription)") }
        if let problem = reader.read(request.text).problem {
            fuzzFailure("the session wrote SSML the server cannot read (\(problem)): \(request.text.prefix(300).debugDescription)")
        }
    case let .problem(sentence): checkSentence(sentence)
    case let .output(line):
        if line.contains(where: \.isNewline) { fuzzFailure("an output line holds a line break: \(line.debugDescription)") }
    case .stop, .pause, .resume, .end: break
    }
}

private func checkSentence(_ sentence: String) {
    if sentence.isEmpty { fuzzFailure("an empty problem sentence") }
    if sentence.contains(where: \.isNewline) { fuzzFailure("a problem sentence holds a line break: \(sentence.prefix(300).debugDescription)") }
}
