public import AnnouncerBench
import AnnouncerClient
import AnnouncerEmbedded
import AnnouncerCommandLine
import AnnouncerCore
import AnnouncerEngine
import AnnouncerProtocol
public import ArgumentParser
import ESpeak
import Foundation

/// `announce bench`: measures how soon assertive announcements are heard, and checks the 500 ms promise.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure how soon assertive announcements are heard, against the 500 ms bound.",
        discussion: """
        Runs standard scenarios against the running announcer server, or an engine inside this \
        process when none runs, and prints one line per scenario: pass or fail, the number of \
        samples, and the 50th, 90th and 99th percentiles and the maximum of arrival to first audio \
        and arrival to audible, in milliseconds. A scenario passes when every measured announcement \
        was heard and the 99th percentile of arrival to first audio is at most 500 ms. \
        With --events FILE it reads a recorded timeline instead (from announcerd --events, \
        announce events or --record) and prints the same table. The exit status is 1 when any row fails, when \
        the bench stopped early, or when nothing could be checked against the bound. \
        The bench cancels only its own announcements; those of other clients of the same server \
        go on and take their share of the time. \
        Scenarios: \(BenchScenario.announceBench.map { "\($0.rawValue), \($0.explanation)" }.joined(separator: "; ")).
        """
    )

    @Option(name: .customLong("scenario"), help: ArgumentHelp(
        "A scenario to run; repeat for several. The default is all of them.", valueName: "NAME"))
    var scenarios: [BenchScenario] = []

    @Option(help: ArgumentHelp("Measured announcements per scenario.", valueName: "N"))
    var samples = 30

    @Flag(help: "Print the results as one JSON object instead of lines.")
    var json = false

    @Flag(help: "Print every figure: p50, p90, p99 and the maximum of arrival to first audio and to audible, and each scenario's notes.")
    var verbose = false

    @Option(help: ArgumentHelp(
        "Compute the table from this recorded timeline (JSON Lines, - for standard input) instead of running scenarios.",
        valueName: "FILE"))
    var events: String?

    @Option(help: ArgumentHelp("Also write the bench's own timeline to this file as JSON Lines.", valueName: "FILE"))
    var record: String?

    @OptionGroup var destination: DestinationOptions

    func validate() throws {
        guard (1...100_000).contains(samples) else { throw ValidationError("--samples must be from 1 to 100000.") }
        if record == "-" {
            throw ValidationError("--record needs a file: standard output carries the report.")
        }
        if events != nil, record != nil || destination.socket != nil || destination.embedded || destination.engine.anyGiven || !scenarios.isEmpty {
            throw ValidationError("--events reads a recorded timeline, so it cannot be combined with options that run scenarios.")
        }
    }

    func run() throws {
        let report = try events.map(reportOfRecordedTimeline) ?? runScenarios()
        if json {
            PlainOutput.line(report.json)
        } else {
            for line in report.lines(verbose: verbose) { PlainLineWrapper.wrap(line).forEach { PlainOutput.line($0) } }
        }
        if !report.passed { throw ExitCode(1) }
    }

    private func reportOfRecordedTimeline(_ path: String) throws -> LatencyReport {
        let handle: FileHandle
        if path == "-" {
            // The command's standard input: the process's, or the pipe a test runs the command with.
            handle = FileHandle(fileDescriptor: StandardInput.descriptor, closeOnDealloc: false)
        } else {
            guard let opened = FileHandle(forReadingAtPath: path) else {
                throw CommandFailure("The timeline \(path) could not be opened; check the path and that you may read it.")
            }
            handle = opened
        }
        let timeline = TimelineCollector()
        // Read in pieces and split on newline bytes, so a day-long timeline never sits in memory whole.
        var events = 0
        var pending: [UInt8] = []
        func take(_ line: ArraySlice<UInt8>) {
            guard let event = AnnouncementEvent(ServerLine(String(decoding: line, as: UTF8.self))) else { return }
            timeline.record(event)
            events += 1
        }
        while let piece = try? handle.read(upToCount: 1 << 16), !piece.isEmpty {
            pending += piece
            var start = pending.startIndex
            while let end = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                take(pending[start..<end])
                start = end + 1
            }
            pending.removeSubrange(..<start)
        }
        if !pending.isEmpty { take(pending[...]) }
        guard events > 0 else {
            throw CommandFailure("No line of \(path == "-" ? "standard input" : path) is a timeline event; give a file written by announcerd --events, announce events or announce bench --record.")
        }
        return LatencyReport(recorded: timeline, source: path == "-" ? "the timeline on standard input" : "the timeline in \(path)")
    }

    private func runScenarios() throws -> LatencyReport {
        let recorder = try record.map { path in
            do throws(EngineError) { return try JSONLinesTimelineWriter(path: path) } catch { throw CommandFailure(error.description) }
        }
        let destination = try makeDestination(recorder: recorder)
        defer {
            destination.close()
            recorder?.flush()
        }
        // Ctrl-C or SIGTERM: cancel what the bench left on the server, then stop with the usual status.
        // Unsafe only in name: the signal queue calls `cancelOutstanding` alone, which touches Mutex-guarded state and the Sendable connection.
        nonisolated(unsafe) let interrupted = destination
        TerminationSignals.install { signal in
            BenchCommand.say("Stopped by \(signal == SIGINT ? "Ctrl-C" : "SIGTERM"); cancelling the bench's own announcements.")
            interrupted.cancelOutstanding()
            recorder?.flush()
            Foundation.exit(128 + signal)
        }
        let runner = BenchRunner(destination: destination) { Self.say($0) }
        let chosen = scenarios.isEmpty ? BenchScenario.announceBench : scenarios
        var report = LatencyReport(source: destination.description, rows: [])
        do {
            for scenario in chosen { report.rows.append(try runner.run(scenario, samples: samples)) }
            Self.say("Done.")
        } catch let error as BenchError {
            // The rows measured so far are still worth having; the report says why it is short.
            report.stoppedEarly = error.description
        }
        return report
    }

    private func makeDestination(recorder: JSONLinesTimelineWriter?) throws -> any SpeechDestination {
        if let connection = try destination.serverConnection() {
            do {
                var recordEvent: (@Sendable (String) -> Void)?
                if let recorder { recordEvent = { line in recorder.write(line: line) } }
                return try ServerDestination(control: connection, recordEvent: recordEvent)
            } catch {
                connection.close()
                throw CommandFailure("\(error)")
            }
        }
        if !destination.embedded, !destination.engine.anyGiven {
            Self.say("No announcer server is running at \(destination.socket ?? SocketLocation.standard()), so the bench measures an engine inside announce.")
        }
        // The default bounds let the backlog scenario's 10,000 polite announcements really wait.
        let speechEngine = try destination.engine.startEngine(label: "announce.bench", inProcessFallback: ESpeakEngine.start)
        if let recorder { speechEngine.scheduler.addObserver(recorder) }
        Self.say("Started an engine inside announce, playing to \(speechEngine.sinkSpec).")
        return EmbeddedDestination(engine: speechEngine)
    }

    /// Progress goes to standard error in words, so standard output holds only the report.
    private static func say(_ sentence: String) {
        PlainOutput.error(sentence)
    }
}

extension BenchScenario: ExpressibleByArgument {
    public init?(argument: String) {
        guard let scenario = BenchScenario(rawValue: argument), Self.announceBench.contains(scenario) else { return nil }
        self = scenario
    }

    public static var allValueStrings: [String] { announceBench.map(\.rawValue) }
}
