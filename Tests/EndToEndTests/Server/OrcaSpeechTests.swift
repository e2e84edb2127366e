import TestSupport
import AnnouncerCore
import AnnouncerProtocol
import Foundation
import Testing

/// Orca's own speech module (Debian's `orca` package), unmodified, as Orca calls it. Its imports reach for the
/// accessibility bus, so the script runs under `dbus-run-session`, whose session bus starts
/// `at-spi-bus-launcher` (Debian's `at-spi2-core`) on demand; no display is needed.
let orcaInstalled: Bool = ProcessInfo.processInfo.environment["CI"] == "true"
    || (FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/orca/speechdispatcherfactory.py")
        && FileManager.default.isExecutableFile(atPath: OrcaSpeechTests.dbusRunSession)
        && FileManager.default.isExecutableFile(atPath: "/usr/libexec/at-spi-bus-launcher"))

@Suite(.serialized, .startsLongProcesses, .enabled(if: orcaInstalled, "Orca, dbus-run-session and at-spi2-core are installed (CI installs them)"))
struct OrcaSpeechTests {
    /// Tests/Clients/orca_speech_client.py: creates orca.speechdispatcherfactory.SpeechServer and calls it as Orca does.
    static let script = Repository.path("Tests/Clients/orca_speech_client.py")
    static let dbusRunSession = "/usr/bin/dbus-run-session"

    /// What the script speaks; the same strings as in the script.
    static let hello = "Hello from Orca."
    static let sayAllLines = [
        "Orca reads the first line of the page.",
        "Then it reads the second line.",
        "And the third line ends the say all.",
    ]
    static let longText = String(
        repeating: "This is a long utterance that Orca hands to the server in one piece, so that "
            + "the stop arrives while the server is still speaking it. ",
        count: 4
    ).trimmingCharacters(in: .whitespaces)

    @Test("Orca's speech server sets up with SSML, speaks, reads three lines by say-all with index marks, stops, and shuts down, with no error")
    func orcaSpeechServerWorksUnchanged() async throws {
        let server = try await ServerProcess.start()
        defer { server.end() }
        let listener = try SocketClient(path: server.socketPath)
        _ = listener.request(.subscribe)
        let run = try await ProgramRun.run(
            Self.dbusRunSession, ["--", SSIPClientTests.python, Self.script, "--quiet-debug", "--total-timeout", "120"],
            environment: ["SPEECHD_ADDRESS": "unix_socket:\(server.socketPath)", "LC_ALL": "C.UTF-8"], timeout: 150)
        let output = "\(run.standardOutput)\n\(run.standardError)"
        #expect(run.status == 0, "\(output)")
        #expect(run.standardOutput.contains("passed and 0 failed."), "\(output)")

        // The long text is the last announcement; when the script failed early it never comes.
        let longEnded: (EventLine) -> Bool = { $0.event == .ended && $0.text == Self.longText }
        let events = await listener.events(until: longEnded, timeout: run.status == 0 ? 30 : 3)
        func announcement(_ text: String) -> [EventLine] {
            guard let id = events.first(where: { $0.event == .received && $0.text == text })?.id else { return [] }
            return events.filter { $0.id == id }
        }
        func marks(_ announcement: [EventLine]) -> [String] {
            announcement.filter { $0.event == .mark }.map { $0.mark ?? "" }
        }
        func time(_ announcement: [EventLine], _ kind: EventKind) -> UInt64? {
            announcement.first { $0.event == kind }?.time.microseconds
        }

        // The SSML was read as SSML: the timeline shows its words, never its markup, and no warning.
        #expect(!events.contains { $0.text.contains("<speak") || $0.text.contains("<mark") }, "markup was taken as text: \(events)")
        #expect(!events.contains { $0.event == .warning }, "\(events.filter { $0.event == .warning })")

        // speak(): received in English (Orca sends LANGUAGE en, then en-US, from LC_ALL) as a polite
        // message (PRIORITY message), spoken to its end, with a mark before each word.
        let hello = announcement(Self.hello)
        #expect(!hello.isEmpty, "no announcement \"\(Self.hello)\": \(events)")
        #expect(hello.first?.language == .english)
        #expect(hello.first?.politeness == .polite)
        #expect(hello.last?.event == .ended && hello.last?.outcome == .spoken, "\(hello)")
        #expect(marks(hello) == OrcaMarks.marks(for: Self.hello), "\(hello)")

        // sayAll(): each line spoken to its end with every mark in order, and each line sent only after the
        // one before ended, as Orca's factory sends the next line at 702 END.
        var previousEnd: UInt64?
        for (number, text) in Self.sayAllLines.enumerated().map({ ($0.offset + 1, $0.element) }) {
            let line = announcement(text)
            #expect(!line.isEmpty, "line \(number), \"\(text)\", never arrived: \(events)")
            guard !line.isEmpty else { continue }
            #expect(line.last?.event == .ended && line.last?.outcome == .spoken, "line \(number): \(line)")
            #expect(marks(line) == OrcaMarks.marks(for: text), "line \(number): \(line)")
            let markTimes = line.filter { $0.event == .mark }.map(\.time.microseconds)
            #expect(markTimes == markTimes.sorted(), "line \(number): marks out of time order: \(line)")
            if let received = time(line, .received), let firstMark = markTimes.first, let last = markTimes.last,
               let ended = time(line, .ended) {
                #expect(received <= firstMark && last <= ended, "line \(number): marks outside the announcement's life: \(line)")
            }
            if let previousEnd, let received = time(line, .received) {
                #expect(received >= previousEnd, "line \(number) arrived before the line before it ended")
            }
            previousEnd = time(line, .ended)
        }

        // stop() (CANCEL self) half a second into the long text: it had begun, it ended cancelled, not spoken,
        // and only the marks of the words before the stop were reached.
        let long = announcement(Self.longText)
        #expect(!long.isEmpty, "the long text never arrived: \(events.map(\.text))")
        let longEnd = long.last { $0.event == .ended }
        #expect(longEnd != nil, "the long text did not end: \(long)")
        #expect(longEnd?.outcome != .spoken, "the long text was spoken to its end though Orca stopped it: \(long)")
        #expect(longEnd?.outcome == .cancelled, "\(long)")
        #expect(long.contains { $0.event == .started }, "the long text had not begun when Orca stopped it: \(long)")
        let reached = marks(long)
        let all = OrcaMarks.marks(for: Self.longText)
        #expect(reached.count < all.count && Array(all.prefix(reached.count)) == reached, "marks reached: \(reached)")

        #expect(!server.standardErrorText.contains("rror"), "\(server.standardErrorText)")
    }
}
