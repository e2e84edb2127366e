import AnnouncerBench
import AnnouncerClient
import AnnouncerCommandLine
import AnnouncerCore
import AnnouncerEngine
import AnnouncerProtocol
import ArgumentParser
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
        announce events or --record) and prints the same table. The exit status is 1 when any row fails. \
        The bench cancels only its own announcements; those of other clients of the same server \
        go on and take their share of the time. \
        Scenarios: \(BenchScenario.allCases.map { "\($0.rawValue), \($0.explanation)" }.joined(separator: "; ")).
        """
    )

    @Option(name: .customLong("scenario"), help: ArgumentHelp(
        "A scenario to run; repeat for several. The default is all of them.", valueName: "NAME"))
    var scenarios: [BenchScenario] = []

    @Option(help: ArgumentHelp("Measured announcements per scenario.", valueName: "N"))
    var samples = 30

    @Flag(help: "Print the results as one JSON object instead of lines.")
    var json = false

    @Option(help: ArgumentHelp(
        "Compute the table from this recorded timeline (JSON Lines, - for standard input) instead of running scenarios.",
        valueName: "FILE"))
    var events: String?

    @Option(help: ArgumentHelp("Also write the bench's own timeline to this file as JSON Lines.", valueName: "FILE"))
    var record: String?

    @OptionGroup var destination: DestinationOptions

    func validate() throws {
        guard (1...100_000).contains(samples) else { throw ValidationError("--samples must be from 1 to 100000.") }
        if events != nil, record != nil || destination.socket != nil || destination.embedded || destination.engine.anyGiven || !scenarios.isEmpty {
            throw ValidationError("--events reads a recorded timeline, so it cannot be combined with options that run scenarios.")
        }
    }

    func run() throws {
        let report = try events.map(reportOfRecordedTimeline) ?? runScenarios()
        if json {
            print(report.json)
        } else {
            report.lines.forEach { print($0) }
        }
        if !report.passed { throw ExitCode(1) }
    }

    private func reportOfRecordedTimeline(_ path: String) throws -> LatencyReport {
        let handle: FileHandle
        if path == "-" {
            handle = .standardInput
        } else {
            guard let opened = FileHandle(forReadingAtPath: path) else {
                throw CommandFailure("The timeline \(path) could not be opened; check the path and that you may read it.")
            }
            handle = opened
        }
        let timeline = TimelineCollector()
        let text = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        for line in text.split(whereSeparator: \.isNewline) {
            if let event = BenchEvent(ServerLine(String(line))) { timeline.record(event) }
        }
        return LatencyReport(recorded: timeline, source: path == "-" ? "the timeline on standard input" : "the timeline in \(path)")
    }

    private func runScenarios() throws -> LatencyReport {
        let recorder = try record.map { path in
            do throws(EngineError) { return try JSONLinesTimelineWriter(path: path) } catch { throw CommandFailure(error.description) }
        }
        let target = try makeTarget(recorder: recorder)
        defer {
            target.close()
            recorder?.flush()
        }
        let runner = BenchRunner(target: target, samples: samples) { say($0) }
        let chosen = scenarios.isEmpty ? BenchScenario.allCases : scenarios
        let rows: [LatencyRow]
        do {
            rows = try chosen.map(runner.run)
        } catch let error as BenchError {
            throw CommandFailure(error.description)
        }
        say("Done.")
        return LatencyReport(source: target.description, rows: rows)
    }

    private func makeTarget(recorder: JSONLinesTimelineWriter?) throws -> any BenchTarget {
        switch try destination.route() {
        case let .server(connection):
            do {
                var recordEvent: (@Sendable (String) -> Void)?
                if let recorder { recordEvent = { line in recorder.write(line: line) } }
                return try ServerBenchTarget(control: connection, recordEvent: recordEvent)
            } catch {
                connection.close()
                throw CommandFailure("\(error)")
            }
        case .embedded:
            if !destination.embedded, !destination.engine.anyGiven {
                say("No announcer server is running at \(destination.socket ?? SocketLocation.standard()), so the bench measures an engine inside announce.")
            }
        }
        var engineOptions = destination.engine
        // The backlog scenario means 10,000 polite announcements really waiting, unless told otherwise.
        if engineOptions.maxWaitingPolite == nil { engineOptions.maxWaitingPolite = BenchScenario.backlogSize }
        let speechEngine = try engineOptions.startEngine(label: "announce.bench")
        if let recorder { speechEngine.scheduler.addObserver(recorder) }
        say("Started an engine inside announce, playing to \(speechEngine.sinkSpec).")
        return EmbeddedBenchTarget(engine: speechEngine)
    }

    /// Progress goes to standard error in words, so standard output holds only the report.
    private func say(_ sentence: String) {
        FileHandle.standardError.write(Data((sentence + "\n").utf8))
    }
}

extension BenchScenario: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
