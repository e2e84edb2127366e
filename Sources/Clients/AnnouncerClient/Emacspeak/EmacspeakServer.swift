public import AnnouncerCore
public import AnnouncerProtocol
import Foundation

/// `announce emacspeak`'s loop: reads Emacspeak's commands from standard input and carries them out.
///
/// Reading never waits for speech or audio: each line is read, parsed and handed to the output, which
/// only queues or sends. Unknown or malformed commands are skipped with one line on standard error.
public struct EmacspeakServer {
    private var reader = TclCommandReader()
    private var session: EmacspeakSession
    private let output: any EmacspeakOutput

    public init(output: any EmacspeakOutput, immediatePoliteness: Politeness, version: String) {
        self.output = output
        session = EmacspeakSession(
            voices: output.voices, defaultLanguage: output.defaultLanguage,
            immediatePoliteness: immediatePoliteness, version: version)
    }

    /// Reads commands until the input ends or asks to exit, then lets what is queued be spoken.
    public mutating func run(readLine: () -> String? = { Swift.readLine(strippingNewline: true) }) {
        defer { output.finish() }
        while let line = readLine() {
            guard handle(line) else { return }
        }
    }

    /// Carries out one line; false when the input asked the server to end.
    public mutating func handle(_ line: String) -> Bool {
        switch reader.take(Substring(line)) {
        case .incomplete:
            return true
        case let .problem(sentence):
            Self.report(sentence)
            return true
        case let .command(words):
            for action in session.receive(words) {
                switch action {
                case let .speak(request): output.speak(request)
                case .stop: output.stopOwn()
                case .pause: output.pause()
                case .resume: output.resume()
                case let .output(text): try? FileHandle.standardOutput.write(contentsOf: Data((text + "\n").utf8))
                case let .problem(sentence): Self.report(sentence)
                case .end: return false
                }
            }
            return true
        }
    }

    private static func report(_ sentence: String) {
        try? FileHandle.standardError.write(contentsOf: Data("announcer: \(sentence)\n".utf8))
    }
}
