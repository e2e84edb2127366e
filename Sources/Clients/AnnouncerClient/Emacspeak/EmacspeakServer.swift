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
    private let output: @Sendable (String) -> Void
    private let problems: @Sendable (String) -> Void

    /// Asks the destination for its voices, for the language commands. What Emacspeak asked for goes
    /// to `output` and each problem's sentence to `problems`, by default standard output and standard
    /// error; `problems` is called from other threads too, when a refusal comes.
    public init(
        destination: any SpeechDestination, immediatePoliteness: Politeness, version: String,
        output: @escaping @Sendable (String) -> Void = { EmacspeakServer.writeToStandardOutput($0) },
        problems: @escaping @Sendable (String) -> Void = { EmacspeakServer.writeToStandardError($0) }
    ) throws(DestinationError) {
        self.destination = destination
        self.output = output
        self.problems = problems
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
        if case let .problem(sentence)? = reader.finish() { problems(sentence) }
    }

    /// Carries out one line; false when the input asked the server to end.
    public mutating func handle(_ line: String) -> Bool {
        switch reader.take(Substring(line)) {
        case .incomplete:
            return true
        case let .problem(sentence):
            problems(sentence)
            return true
        case let .command(words):
            for action in session.receive(words) {
                switch action {
                case let .speak(request): destination.post(.speak(request), refused: problems)
                case .stop: destination.post(.stopOwn, refused: problems)
                case .pause: destination.post(.pauseOwn, refused: problems)
                case .resume: destination.post(.resumeOwn, refused: problems)
                case let .output(text): output(text)
                case let .problem(sentence): problems(sentence)
                case .end: return false
                }
            }
            return true
        }
    }

    /// Writes a line Emacspeak asked for to standard output.
    public static func writeToStandardOutput(_ text: String) {
        try? FileHandle.standardOutput.write(contentsOf: Data((text + "\n").utf8))
    }

    /// Writes a problem's sentence to standard error, as `announcer: …`.
    public static func writeToStandardError(_ sentence: String) {
        try? FileHandle.standardError.write(contentsOf: Data(Self.problemLine(sentence).utf8))
    }

    /// The line a problem's sentence is told in, newline included.
    public static func problemLine(_ sentence: String) -> String { "announcer: \(sentence)\n" }
}
