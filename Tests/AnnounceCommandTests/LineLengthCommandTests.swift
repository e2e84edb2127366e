import AnnouncerCore
import AnnouncerProtocol
import Foundation
import ServerSeamSupport
import TestSupport
import Testing

/// What announce prints for its usual errors, and what its commands print against a server, fits an
/// 80-cell braille display; the commands run in the test's process, against announcerd's server on the
/// fake engine. EndToEndTests' `LineLengthTests` keeps the output of the engine inside announce and of
/// announcerd itself.
struct LineLengthCommandTests {
    /// The lines `run` printed that are too long, on standard output and standard error, as announce's
    /// `main` prints them (its error included), with the command line that printed them.
    static func overlong(_ run: CommandRun) -> [String] {
        let name = "announce " + run.arguments.joined(separator: " ")
        let standardError = run.output.error + run.printedError.map { $0 + "\n" }.joined()
        return HelpTextTests.overlong(run.output.output, from: name) + HelpTextTests.overlong(standardError, from: name + " (standard error)")
    }

    /// `run`'s overlong lines, once it is known to have succeeded.
    static func overlong(succeeded run: CommandRun) -> [String] {
        #expect(run.status == 0, "announce \(run.arguments.joined(separator: " ")): \(run.errorMessage) \(run.output.output)\(run.output.error)")
        return overlong(run)
    }

    @Test("Errors and the commands that talk to a server fit 80 columns")
    func errorsAndServerCommandsFit() throws {
        var found: [String] = []
        // A duplicate window of a minute, so that the repeat below is a duplicate however late it comes.
        var policy = LiveRegionPolicy.standard
        policy.duplicateWindow = .seconds(60)
        let server = try InProcessServer(policy: policy)
        var stopped = false
        defer { if !stopped { server.stop() } }
        let socket = server.socketPath

        // No server: status, events, cancel and stop each say so in one sentence.
        let missing = (socket as NSString).deletingLastPathComponent + "/none.sock"
        for command in [["status"], ["events"], ["cancel", "--all"], ["stop"]] {
            let run = CommandRun.run(command + ["--socket", missing])
            #expect(run.errorMessage.hasPrefix("No announcer server is running at \(missing)"), "\(run.errorMessage)")
            found += Self.overlong(run)
        }
        // Command lines announce refuses before it speaks: the parser's, with its help line or a hint.
        for arguments in [["say", "--sink", "null", "--rate", "9999", "Hello"], ["say", "--langauge", "nb", "Hello"], ["speak", "Hello"]] {
            let refused = CommandRun.parse(arguments)
            #expect(refused.status != 0 && !refused.printedError.isEmpty, "announce \(arguments.joined(separator: " "))")
            found += Self.overlong(refused)
        }
        found += Self.overlong(CommandRun.run(["flow", "check", "--socket", socket, "/nonexistent/folder/flow.yaml"]))

        for command in [["status"], ["voices"], ["cancel", "--all"], ["stop"]] {
            found += Self.overlong(succeeded: CommandRun.run(command + ["--socket", socket]))
        }
        // A repeat said at once is a duplicate, and say --wait says so in a sentence that wraps.
        let said = CommandRun.run(["say", "--socket", socket, "--wait", "--rate", "450", "Saved"])
        let repeated = CommandRun.run(["say", "--socket", socket, "--wait", "--rate", "450", "Saved"])
        #expect(repeated.output.output.hasPrefix("Not spoken: duplicate."), "\(repeated.output.output)")
        found += Self.overlong(said) + Self.overlong(repeated)

        // events --text, while a long announcement is said and cut: its sentences quote the text.
        let printed = CapturedOutput()
        let events = RunningCommand { CommandRun.run(["events", "--text", "--socket", socket], output: printed) }
        // Said once events is connected (the observer is the other client), so that it sees them.
        let observer = try SocketClient(path: socket)
        #expect(waitFor({ (observer.request(.status)?.body(StatusBody.self)?.clients ?? 0) >= 2 }, seconds: 20))
        _ = observer.request(.subscribe)
        let long = "Checking your sign-in details. Please wait while we contact the server, which may take a while."
        let error = "Error: the password you gave is not the one we have for this account."
        found += Self.overlong(succeeded: CommandRun.run(["say", "--socket", socket, "--rate", "450", long]))
        // The error comes once the long one is heard, so that it cuts it.
        #expect(observer.readEvents(until: { $0.event == .firstAudio && $0.text == long }).last?.event == .firstAudio)
        found += Self.overlong(succeeded: CommandRun.run(["say", "--socket", socket, "--assertive", error]))
        let ends = observer.readEvents(until: { $0.event == .ended && $0.text == error })
        let cut = try #require(ends.last { $0.event == .ended && $0.text == long }, "\(ends)")
        #expect(cut.outcome == .interrupted, "\(ends)")
        let errorID = try #require(ends.last?.id.rawValue)
        // The observer's end is not yet events': the server goes once events has printed it too.
        #expect(printed.waitForOutput(containing: "announcement \(errorID) ended: "), "\(printed.output)")
        server.stop()
        stopped = true
        let watched = try #require(events.wait(), "events did not end when its server went")
        #expect(printed.output.contains("ended: interrupted by announcement \(errorID)."), "\(printed.output)")
        found += Self.overlong(watched)
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }
}
