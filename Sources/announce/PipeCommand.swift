import AnnouncerCommandLine
import AnnouncerCore
import AnnouncerEngine
import ArgumentParser
import Foundation

/// `announce pipe`: announces each line of standard input as it arrives.
struct PipeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pipe",
        abstract: "Announce each line of standard input as it arrives.",
        discussion: """
        A line may begin with "assertive: ", "polite: " or "off: " to choose its own politeness. \
        Blank lines are skipped. When standard input ends, the command waits until every accepted \
        line has ended, then exits. Example: make 2>&1 | announce pipe --assertive-match 'error|failed'
        """
    )

    @OptionGroup var options: SpeechOptions

    @Option(help: ArgumentHelp("Lines matching this regular expression, ignoring case, are assertive.", valueName: "REGEX"))
    var assertiveMatch: String?

    func validate() throws {
        do throws(PipeLineError) {
            _ = try PipeLineInterpreter(defaultPoliteness: options.politeness, assertivePattern: assertiveMatch)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        let interpreter = try PipeLineInterpreter(defaultPoliteness: options.politeness, assertivePattern: assertiveMatch)
        let (engine, writer) = try options.startEngine()
        InterruptHandling.install(engine: engine, writer: writer)
        let failures = FailureLog()
        while let line = readLine(strippingNewline: true) {
            let arrival = MonotonicInstant.now()
            guard let (politeness, text) = interpreter.interpret(line),
                  let announcement = try? options.announcement(text, politeness: politeness, arrival: arrival) else { continue }
            engine.submit(announcement) { outcome in
                if case .failed = outcome { failures.report(announcement, outcome) }
            }
        }
        engine.finish()
        writer?.flush()
    }
}

/// Tells the user on standard error of every announcement that failed, so none is lost unheard.
final class FailureLog: Sendable {
    func report(_ announcement: Announcement, _ outcome: Outcome) {
        FileHandle.standardError.write(Data("Announcement \(announcement.id) failed: \(outcome.explanation)\n".utf8))
    }
}
