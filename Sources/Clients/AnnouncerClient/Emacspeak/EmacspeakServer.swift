public import AnnouncerCore
public import AnnouncerProtocol
import Foundation

/// `announce emacspeak`'s loop: reads Emacspeak's commands from standard input and carries them out.
///
/// Reading never waits for speech or audio: each line is read, parsed and posted to the destination,
/// as one client of a server's queue or to an engine in this process, without waiting for an answer;
/// a refusal comes later as one line on standard error. Unknown or malformed commands are skipped
/// with one line on standard error.
public struct EmacspeakServer {
    private var reader = TclCommandReader()
    private var session: EmacspeakSession
    private let destination: any SpeechDestination

    /// Asks the destination for its voices, for the language commands.
    public init(destination: any SpeechDestination, immediatePoliteness: Politeness, version: String) throws(DestinationError) {
        self.destination = destination
        let offered = try destination.offeredVoices()
        session = EmacspeakSession(
            voices: offered.voices, defaultLanguage: offered.defaultLanguage,
            immediatePoliteness: immediatePoliteness, version: version)
    }

    /// Reads commands until the input ends or asks to exit, then lets what is queued be spoken. A
    /// command the input ended inside is skipped with one sentence on standard error, never silently.
    public mutating func run(readLine: () -> String? = { Swift.readLine(strippingNewline: true) }) {
        defer { destination.finish() }
        while let line = readLine() {
            guard handle(line) else { return }
        }
        if case let .problem(sentence)? = reader.finish() { Self.report(sentence) }
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
                case let .speak(request): destination.post(.speak(request), refused: { Self.report($0) })
                case .stop: destination.post(.stopOwn, refused: { Self.report($0) })
                case .pause: destination.post(.pauseOwn, refused: { Self.report($0) })
                case .resume: destination.post(.resumeOwn, refused: { Self.report($0) })
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
