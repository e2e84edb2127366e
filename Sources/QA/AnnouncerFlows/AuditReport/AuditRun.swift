/// How a report's run was made, said at its top: the tool and the commit it was built from, the date,
/// the voices, the sink, the other tools it checked with, the machine and the command.
public struct AuditRun: Sendable {
    public var version: String
    /// The commit of the source the tool was built from, when it can be told.
    public var commit: String?
    /// When the run began, such as `2026-11-25 02:10 UTC`.
    public var date: String
    /// One line per voice, such as `en: English, eSpeak NG voice en-gb-x-rp, rate 175`.
    public var voices: [String]
    public var sink: String
    public var machine: String
    public var command: String
    /// The other tools the run checked with and their versions, such as `Chromium 156.0.8078.108` and
    /// `axe-core 4.12.1, with the WCAG 2.0, 2.1 and 2.2 A and AA rules`.
    public var tools: [String]

    public init(version: String, commit: String?, date: String, voices: [String], sink: String, machine: String, command: String, tools: [String] = []) {
        self.tools = tools
        self.version = version
        self.commit = commit
        self.date = date
        self.voices = voices
        self.sink = sink
        self.machine = machine
        self.command = command
    }
}

/// One flow's part of an audit report: its check, and where each utterance's audio was written.
public struct AuditedFlow: Sendable {
    public var report: FlowReport
    /// Announcement id to the path of its audio, relative to the report's index.html.
    public var clips: [String: String]
    /// The flow's whole recording, relative to index.html.
    public var recording: String?

    public init(report: FlowReport, clips: [String: String] = [:], recording: String? = nil) {
        self.report = report
        self.clips = clips
        self.recording = recording
    }
}
