import AnnouncerClient
import AnnouncerEmbedded
import AnnouncerCommandLine
import AnnouncerCore
import AnnouncerEngine
import AnnouncerFlows
import AnnouncerProtocol
import AnnouncerVoices
import AnnouncerWeb
import ArgumentParser
import Audio
import ESpeak
import Foundation
import JSONLineEncoding
import Logging
import ScreenReaderRig

/// `announce flow check FILE…`: runs every step and expectation headless and reports each, with timings.
struct FlowCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run every step of flows headless, check each expectation, and lint every screen.",
        discussion: """
        Each flow's steps are carried out and their phrases spoken through the running server, or an \
        engine in this process when none runs (or with --embedded, --sink, --record). Announcements are \
        timed from the user's action to their first audio. One plain line per failure, beginning with \
        FAIL, and a summary line per flow; --verbose adds every pass. Lines fit 80 cells: a longer one \
        goes on in lines that begin with two spaces. Progress goes to standard error. The exit status \
        is 1 when any expectation or lint check fails or a file cannot be read. --report DIR also writes \
        an audit report, DIR/index.html, that maps every result to the WCAG 2.2 success criteria it is \
        evidence for, with what was heard, its audio and its timing; it opens without a network; with \
        --pdf, also DIR/report.pdf, tagged, for filing. A flow of a real page also has the page checked: \
        by axe-core 4 (its WCAG 2.0, 2.1 and 2.2 A and AA rules; scripts/install-deps fetches it), whose \
        violations fail and whose incomplete results are lines beginning with CHECK, for a person; and \
        for the WCAG 2.2 criteria it cannot check: 2.5.8 target size, 2.4.11 focus not obscured and \
        2.4.7 focus visible, measured from the page's layout, and 3.3.7 and 3.2.6, left to a person.
        """
    )

    @Argument(help: ArgumentHelp("The flow files, such as Flows/*.yaml.", valueName: "FILE"))
    var files: [String]

    @Flag(help: "Print the results as one JSON object instead of lines.")
    var json = false

    @Flag(help: "Print every check that passed too, not only the failures and each flow's summary.")
    var verbose = false

    @Option(help: ArgumentHelp("Also write the results as JUnit XML to this file.", valueName: "PATH"))
    var junit: String?

    @Option(help: ArgumentHelp("Write each flow's audio (FLOW.wav) and timeline (FLOW.events.jsonl) to this folder; speaks with an engine in this process.", valueName: "DIR"))
    var record: String?

    @Option(help: ArgumentHelp("Write an audit report to this folder: index.html, with each phrase's audio; speaks with an engine in this process.", valueName: "DIR"))
    var report: String?

    @Option(help: ArgumentHelp("For the report's scope: the product tested, with its version or address, such as \"Bank app 4.2\".", valueName: "TEXT"))
    var product: String?

    @Option(help: ArgumentHelp("For the report's scope: the product's build.", valueName: "TEXT"))
    var build: String?

    @Option(help: ArgumentHelp("For the report's scope: who ran the check.", valueName: "NAME"))
    var tester: String?

    @Flag(help: "With --report, also write the report as a tagged PDF, DIR/report.pdf, through Chromium.")
    var pdf = false

    @Flag(help: "With --report or --record, render the audio faster than real time; the report is marked not timed, and no timing is judged.")
    var fast = false

    @Flag(name: .customLong("no-axe"), help: "Do not run axe-core on real pages; the layout checks still run.")
    var noAxe = false

    @Flag(help: "Wait for each step's speech to end before the next, as a listener would (always so with --record and --report).")
    var listen = false

    @OptionGroup var destination: DestinationOptions

    @OptionGroup(title: "A real screen reader") var readers: ReaderOptions

    @OptionGroup(title: "The virtual reader's phrasing") var phrasing: StyleOptions

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("Name at least one flow file, such as Flows/login.en.yaml.") }
        if pdf, report == nil { throw ValidationError("--pdf writes the audit report as PDF, so it needs --report DIR too.") }
        if fast, report == nil, record == nil { throw ValidationError("--fast renders a recording faster than real time, so it needs --report DIR or --record DIR.") }
        if fast, readers.reader != nil { throw ValidationError("--fast cannot hurry a real screen reader; leave out --fast or --reader.") }
    }

    func run() throws {
        let voices = destination.engine.loadVoices()
        defer { WebSession.shared.close() }
        let began = AuditReportWriter.now()
        let auditReport = report.map { AuditReportWriter(folder: $0) }
        try auditReport?.prepare()
        if let record {
            do { try FileManager.default.createDirectory(atPath: record, withIntermediateDirectories: true) } catch {
                throw CommandFailure("The folder \(record) could not be made for the recordings.")
            }
        }
        // Every file is read before any device is opened, so that a missing or broken file is named
        // even where the sound card cannot be opened, and no device is opened for files that cannot run.
        let flows = files.map { ($0, FlowReader.read(file: $0)) }
        let unreadable = flows.compactMap { file, read in
            if case let .failure(error) = read { FlowReport(file: file, flow: nil, readProblems: error.problems.map(\.description)) } else { nil }
        }
        var shared: (any SpeechDestination)?
        if recordingFolder == nil && unreadable.count < files.count {
            do {
                shared = try readers.reader != nil ? virtualReaderBesideOrca() : sharedDestination()
            } catch {
                for report in unreadable {
                    for line in report.lines(verbose: false) { for part in PlainLineWrapper.wrap(line) { print(part) } }
                }
                throw error
            }
        }
        defer { shared?.close() }
        var reports: [FlowReport] = []
        var audited: [AuditedFlow] = []
        var recordedStems: Set<String> = []
        // The recordings' engines, one per flow, share one synthesizer, started for the first of them.
        var recordingSynthesis: SpeechEngine.SynthesisPlacement?
        let progress = recordingFolder.map { _ in
            RecordingProgress(steps: flows.map { (try? $0.1.get())?.steps.count ?? 0 }, pages: flows.map { (try? $0.1.get())?.page != nil }, fast: fast)
        }
        if let progress { Self.say(progress.opening) }
        var pageTools = PageTools(useAxe: !noAxe)
        for (number, (file, read)) in flows.enumerated() {
            Self.say("Checking \(file).")
            let (checked, times, recorder) = try check(
                file, read: read, voices: voices, shared: shared, recordedStems: &recordedStems, recordingSynthesis: &recordingSynthesis,
                pageTools: &pageTools)
            if let left = progress?.finished(flow: number) { Self.say(left) }
            reports.append(checked)
            if let auditReport {
                var clips: [String: String] = [:]
                if let recording = checked.recording, let recorder {
                    clips = auditReport.clips(of: checked, recording: recording.audio, recorder: recorder, times: { times[$0] })
                }
                audited.append(AuditedFlow(report: checked, clips: clips, recording: record == nil ? checked.recording.map { "audio/" + AuditReportWriter.inAddress(($0.audio as NSString).lastPathComponent) } : nil))
            }
        }
        if let auditReport {
            Self.say("Writing the audit report.")
            let scope = AuditScope(product: product, build: build, tester: tester, began: began, ended: AuditReportWriter.now())
            try auditReport.write(
                audited, voices: voices, scope: scope,
                sink: fast ? "wav, rendered faster than real time, so not timed (\(auditReport.relative(recordingFolder!)))"
                    : "wav, recorded at the pace of a real sound device (\(auditReport.relative(recordingFolder!)))",
                tools: pageTools.versions)
            Self.say("Wrote the audit report to \(auditReport.folder)/index.html.")
            if pdf {
                Self.say("Printing the audit report as PDF through Chromium.")
                do throws(WebError) {
                    try auditReport.writePDF(in: WebSession.shared.browser())
                    Self.say("Wrote the audit report as PDF to \(auditReport.folder)/report.pdf.")
                } catch {
                    WebSession.shared.waitIfInterrupted()
                    throw CommandFailure("The report could not be printed as PDF: \(error.description)")
                }
            }
        }
        if json {
            let all = FlowCheckSummary(
                passed: reports.reduce(0) { $0 + $1.passedCount },
                failed: reports.reduce(0) { $0 + $1.failedCount },
                flows: reports
            )
            print(try JSONLineEncoder().encode(all))
        } else {
            for report in reports {
                for line in report.lines(verbose: verbose) { for part in PlainLineWrapper.wrap(line) { print(part) } }
            }
            let (passed, failed) = reports.reduce((0, 0)) { ($0.0 + $1.passedCount, $0.1 + $1.failedCount) }
            let flows = reports.count == 1 ? "1 flow" : "\(reports.count) flows"
            print("In all, \(flows): \(passed) passed, \(failed) failed.")
        }
        if let junit {
            do { try JUnitReport.xml(reports).write(toFile: junit, atomically: true, encoding: .utf8) } catch {
                throw CommandFailure("The JUnit report could not be written to \(junit).")
            }
        }
        if reports.contains(where: { !$0.passed }) { throw ExitCode.failure }
    }

    /// Where the flows' recordings go: --record's folder, or the report's audio folder.
    private var recordingFolder: String? { record ?? report.map { AuditReportWriter(folder: $0).audioFolder } }

    /// The flow's report, and the timeline's times of everything it said.
    private func check(
        _ file: String, read: Result<Flow, FlowFileError>, voices: VoiceLibrary, shared: (any SpeechDestination)?,
        recordedStems: inout Set<String>, recordingSynthesis: inout SpeechEngine.SynthesisPlacement?, pageTools: inout PageTools
    ) throws -> (FlowReport, [String: AnnouncementTimes], WAVFileSink?) {
        let flow: Flow
        switch read {
        case let .failure(error):
            return (FlowReport(file: file, flow: nil, readProblems: error.problems.map(\.description)), [:], nil)
        case let .success(read):
            let style = phrasing.style ?? read.writtenStyle
            let (expecting, unchecked) = read.expecting(style)
            flow = expecting
            if unchecked > 0 {
                let one = unchecked == 1
                Self.say("In \(file), \(unchecked) \(one ? "step has its" : "steps have their") says only in \(read.writtenStyle.displayName)'s phrasing, not in \(style.displayName)'s, so \(one ? "it is" : "they are") not checked.")
            }
        }
        guard let profile = voices.profile(for: flow.language) else {
            let problem = AnnouncementError.unknownLanguage(flow.language.rawValue, available: voices.languages).description
            return (FlowReport(file: file, flow: nil, readProblems: ["The flow is in a language without a voice profile. \(problem)"]), [:], nil)
        }
        let style = phrasing.style ?? flow.writtenStyle
        for line in RoleWordCheck.sentences(flow: flow, profile: profile, style: style) { Self.say(line) }
        let record = recordingFolder
        var recording: (audio: String, timeline: String)?
        var recorded: (SpeechEngine, JSONLinesTimelineWriter)?
        let speechDestination: any SpeechDestination
        if let shared {
            speechDestination = shared
        } else {
            // Two files of the same name from different folders must not overwrite each other's recording.
            var stem = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
            var number = 2
            while recordedStems.contains(stem) {
                stem = ((file as NSString).lastPathComponent as NSString).deletingPathExtension + "-\(number)"
                number += 1
            }
            recordedStems.insert(stem)
            let paths = (audio: "\(record!)/\(stem).wav", timeline: "\(record!)/\(stem).events.jsonl")
            let engine: SpeechEngine
            let writer: JSONLinesTimelineWriter
            do throws(EngineError) {
                var policy = destination.engine.policy
                // Rendered fast, a phrase said again comes moments after itself by the clock, not seconds: the
                // duplicate filter, which goes by the clock, would drop it. It is off unless asked for.
                if fast, destination.engine.duplicateWindow == nil { policy.duplicateWindow = .zero }
                let logger = Logger(label: "announce.flow")
                let synthesis: SpeechEngine.SynthesisPlacement
                if let started = recordingSynthesis {
                    synthesis = started
                } else {
                    synthesis = try SpeechEngine.SynthesisPlacement.standard.started(inProcessFallback: ESpeakEngine.start, logger: logger)
                    recordingSynthesis = synthesis
                }
                engine = try SpeechEngine(sink: .wav(path: paths.audio), policy: policy, voices: voices, synthesis: synthesis, logger: logger)
                writer = try JSONLinesTimelineWriter(path: paths.timeline)
            } catch {
                throw CommandFailure(error.description)
            }
            engine.scheduler.addObserver(writer)
            // Faster than real time: the sink takes audio as fast as the engine makes it.
            if fast { (engine.sink as? WAVFileSink)?.stopPacing() }
            recording = paths
            recorded = (engine, writer)
            speechDestination = EmbeddedDestination(engine: engine)
        }
        let voice = FlowVoice(destination: speechDestination, language: flow.language)
        let pace: FlowChecker.Pace = listen || record != nil ? .listening : .brisk
        // Recording may run at a real device's pace, so each step, of a page too, is told as it begins.
        var stepProgress: (@Sendable (Int, Int) -> Void)?
        if record != nil { stepProgress = { number, count in Self.say("  Step \(number) of \(count).") } }
        var checkedFlow = flow
        let results: [CheckResult]
        let heard: [HeardStep]
        var pageAudit: PageAudit?
        if let page = flow.page {
            // A real page: its screen is read from the page, for the lint and the report.
            do throws(WebError) {
                let checker = WebChecker(flow: flow, profile: profile)
                checker.style = style
                checker.onStep = stepProgress
                var orca: OrcaDesktop?
                if readers.reader == .orca {
                    do throws(RigError) { orca = try WebSession.shared.orca(orcaOptions) } catch { throw .screenReader(error.description) }
                    checker.reader = orca
                }
                let browser = if let orca { orca.browser } else { try WebSession.shared.browser() }
                if let (_, writer) = recorded {
                    // The recorded timeline gets the page's two moments beside the engine's: the action and the change.
                    let language = flow.language
                    checker.onAnnouncement = { id, utterance, action, changed in
                        for (time, kind) in [(action, EventKind.action), (changed, EventKind.pageChanged)] {
                            writer.write(line: EventLine(
                                time: Milliseconds(microseconds: time), id: AnnouncementID(id), event: kind,
                                politeness: utterance.politeness, language: language, region: utterance.region.map { RegionID($0) },
                                text: utterance.text
                            ).encoded)
                        }
                    }
                }
                let opened: WebPage
                let snapshot: PageSnapshot
                if let orca {
                    // The page as read for the lint walks its Tab order, which Orca would hear and follow:
                    // it is read in a headless Chromium of its own, and Orca's page is left to the steps.
                    let unseen = try WebPage.open(page, in: WebSession.shared.browser())
                    defer { unseen.close() }
                    snapshot = try PageReader.read(unseen)
                    do throws(RigError) { opened = try orca.open(page, onChange: { checker.hear($0) }) } catch { throw .screenReader(error.description) }
                } else {
                    opened = try WebPage.open(page, in: browser, onChange: { checker.hear($0) })
                    snapshot = try PageReader.read(opened)
                }
                checkedFlow.screens = PageFlowImporter.flow(from: snapshot, address: page, language: flow.language, profile: profile).screens
                (results, heard) = checker.run(page: opened, speaker: voice)
                opened.close()
                // The page's own checks, in a fresh copy of it in the headless browser, which no screen reader follows.
                pageAudit = try pageTools.check(page, in: WebSession.shared.browser())
            } catch {
                WebSession.shared.waitIfInterrupted()
                if let (engine, _) = recorded { speechDestination.close(); engine.finish() }
                return (FlowReport(file: file, flow: nil, readProblems: [error.description]), [:], nil)
            }
        } else {
            if let reader = readers.reader {
                Self.say("\(file) has no page, so \(reader.displayName) cannot read it; it is checked with the virtual reader alone.")
            }
            var checker = FlowChecker(flow: flow, profile: profile, pace: pace, style: style)
            checker.onStep = stepProgress
            (results, heard) = checker.runHeard(speaker: voice)
        }
        let readerSteps = flow.steps.filter { !$0.expectation.saysByReader.isEmpty }.count
        if readers.reader == nil || flow.page == nil, readerSteps > 0 {
            Self.say("\(readerSteps) \(readerSteps == 1 ? "step" : "steps") of \(file) say what a real screen reader says; they are checked only on a page, with --reader.")
        }
        var times: [String: AnnouncementTimes] = [:]
        for id in heard.flatMap(\.utterances).compactMap(\.id) { times[id] = voice.times(of: id) }
        if let (engine, writer) = recorded {
            speechDestination.close()
            engine.finish()
            writer.flush()
        }
        // Rendered faster than real time, no timing is what a listener would have had: none is judged.
        let judged = fast ? results.filter { $0.kind != .within } : results
        var report = FlowReport(file: file, flow: checkedFlow, results: judged, lint: FlowLinter.lint(checkedFlow), recording: recording, heard: heard)
        report.timed = !fast
        report.page = pageAudit?.findings ?? []
        report.pageNotes = pageAudit?.notes ?? []
        return (report, times, recorded.flatMap { $0.0.sink as? WAVFileSink })
    }

    /// The running server, or one engine in this process for every flow.
    private func sharedDestination() throws -> any SpeechDestination {
        if let connection = try destination.serverConnection() {
            Self.say("Speaking through the server at \(connection.path).")
            do { return try ServerDestination(control: connection) } catch {
                connection.close()
                throw CommandFailure("\(error)")
            }
        }
        let engine = try destination.engine.startEngine(label: "announce.flow", inProcessFallback: ESpeakEngine.start)
        Self.say("Speaking with an engine inside announce, playing to \(engine.sinkSpec).")
        return EmbeddedDestination(engine: engine)
    }

    /// With a real screen reader in the loop, only it is heard: the virtual reader's phrases are spoken by an
    /// engine in this process to the null sink, which times them without sounding.
    private func virtualReaderBesideOrca() throws -> any SpeechDestination {
        var options = destination.engine
        options.sink = .null
        let engine = try options.startEngine(label: "announce.flow", inProcessFallback: ESpeakEngine.start)
        Self.say("The virtual reader speaks silently beside Orca, to the null sink.")
        return EmbeddedDestination(engine: engine)
    }

    /// The private desktop's settings: Orca's, and the sound device for its announcerd (--sink's, when given).
    private var orcaOptions: OrcaDesktop.Options {
        var options = OrcaDesktop.Options(announcerd: OrcaDesktop.announcerdBeside())
        options.settings = readers.settings
        if let sink = destination.engine.sink { options.serverArguments = ["--sink", sink.description] }
        return options
    }

    /// Progress goes to standard error in words, so standard output holds only the results.
    static func say(_ line: String) {
        PlainOutput.error(line)
    }
}

/// What `flow check --json` prints: the totals, then each flow's report.
private struct FlowCheckSummary: Encodable {
    var passed: Int
    var failed: Int
    var flows: [FlowReport]
}
