import AnnouncerCommandLine
import AnnouncerClient
import AnnouncerCore
import AnnouncerProtocol
import AnnouncerEngine
import ArgumentParser
import Blocking
import Dispatch
import Foundation

/// `announce pipe`: announces each line of standard input as it arrives.
struct PipeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pipe",
        abstract: "Announce each line of standard input as it arrives.",
        discussion: """
        A line may begin with "assertive: ", "polite: " or "off: " to choose its own politeness. \
        Blank lines are skipped. The polite lines of one pipe are one live region, so a newer line \
        replaces those still waiting and the voice keeps up with the input; assertive lines are never \
        replaced, and each is spoken. --every-line speaks every line instead, however far behind. \
        With a running announcer server, each line goes to it; otherwise, or with --embedded or any \
        engine option such as --sink, an engine inside this process speaks them. The command exits \
        once every line has ended, and says on standard error how many were skipped as stale or not \
        spoken, when any were. A line the server refuses is reported on standard error and makes the \
        exit status 1; when the server throttles this client, lines are sent more slowly instead. \
        A line longer than the server's text limit is spoken in pieces split at spaces. If the server \
        goes away, the rest is spoken by an engine in this process. \
        --tee passes the input through to standard output at once and unchanged, whatever happens to \
        speech: no audio device, a server gone or a refused line is one warning on standard error, \
        and the exit status is 0, so a pipeline's status is its producer's. \
        Example: make 2>&1 | announce pipe --tee --assertive-match 'error|failed'
        """
    )

    @OptionGroup var options: SpeechOptions

    @Option(help: ArgumentHelp("Lines matching this regular expression, ignoring case, are assertive.", valueName: "REGEX"))
    var assertiveMatch: String?

    @Flag(help: "Speak every line, however far behind the input the voice falls, instead of replacing waiting lines with newer ones.")
    var everyLine = false

    @Flag(help: "Pass standard input through to standard output, unchanged, as it arrives, whatever happens to speech.")
    var tee = false

    /// The live region of this pipe's polite lines.
    private static let pipeRegion = "pipe-\(ProcessInfo.processInfo.processIdentifier)"

    /// The region a line goes to: the one --region names; else, unless --every-line, this pipe's for
    /// a polite line; an assertive line none, so that no later line replaces it.
    private func region(for politeness: Politeness) -> String?? {
        if options.region != nil { return nil }
        if everyLine || politeness == .assertive { return .some(nil) }
        return .some(Self.pipeRegion)
    }

    /// True for a line after which the pipe's waiting polite lines are stale: an assertive one, when
    /// the pipe's lines share its region.
    private func makesStale(_ politeness: Politeness) -> Bool {
        politeness == .assertive && !everyLine && options.region == nil
    }

    func validate() throws {
        if tee && options.events == "-" {
            throw ValidationError("--tee and --events - would both write to standard output; give --events a file.")
        }
        if tee && options.eventsText == "-" {
            throw ValidationError("--tee and --events-text - would both write to standard output; give a file.")
        }
        do throws(PipeLineError) {
            _ = try PipeLineInterpreter(defaultPoliteness: options.politeness, assertivePattern: assertiveMatch)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The longest text one announcement carries when the server does not say its own limit: the
    /// server's default. A longer line is spoken in pieces split at spaces.
    static let embeddedTextLimit = 8 * 1_024

    func run() throws {
        let interpreter = try PipeLineInterpreter(defaultPoliteness: options.politeness, assertivePattern: assertiveMatch)
        let speech = PipeSpeech(options: options, tee: tee, staleRegion: RegionID(Self.pipeRegion))
        let lines = BlockingQueue<PipeLine>()
        let done = DispatchSemaphore(value: 0)
        // The speaking thread writes and handles signals as this command does: a test's output and
        // signals are task-local values, which a thread started here would not see.
        let output = PlainOutput.destination
        let ownsSignals = TerminationSignals.ownedByCommand
        DedicatedThread.start(name: "pipe speech") {
            PlainOutput.$destination.withValue(output) {
                TerminationSignals.$ownedByCommand.withValue(ownsSignals) { speech.speak(lines) }
            }
            done.signal()
        }
        // Without --tee, a pipe that cannot speak fails before it reads. With it, the input is passed
        // on at once, and a problem with speech is one line on standard error, never a lost build log.
        if !tee, let failure = speech.waitUntilStarted() { throw CommandFailure(failure) }
        StandardInputLines(tee: tee).read { number, line in
            guard let (politeness, text) = interpreter.interpret(line.text) else { return }
            let region = region(for: politeness)
            let stale = makesStale(politeness)
            lines.append(PipeLine(number: number, text: text, politeness: politeness, region: region, makesStale: stale))
        }
        lines.close()
        done.wait()
        // With --tee the exit status is 0 whatever happened to speech, so that with pipefail the
        // status of the pipeline is the producer's.
        if !tee && speech.hadProblems { throw ExitCode.failure }
    }
}
