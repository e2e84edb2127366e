import AnnouncerCore
import AnnouncerProtocol
import ServerSeamSupport
import TestSupport
import Testing

/// `announce stop` and `announce cancel` against announcerd's server in this process, on the fake engine.
struct StopAndCancelCommandTests {
    @Test("stop ends what speaks and names it; cancel ends one by id, a region's, or all, and says how many; a missing target is one sentence")
    func stopAndCancel() throws {
        // A word a second: the first announcement is still speaking when stop comes, however slowly the commands before it ran.
        let server = try InProcessServer(samplesPerWord: 22_050)
        defer { server.stop() }
        let listener = try SocketClient(path: server.socketPath)
        _ = listener.request(.subscribe)
        let long = "This long announcement keeps speaking until the shell stops it with announce stop."
        #expect(CommandRun.run(["say", "--socket", server.socketPath, long]).status == 0)
        #expect(CommandRun.run(["say", "--socket", server.socketPath, "--region", "build", "Waiting in the build region"]).status == 0)
        #expect(CommandRun.run(["say", "--socket", server.socketPath, "Waiting third"]).status == 0)
        let heard = listener.readEvents(until: { $0.event == .firstAudio && $0.text == long }, timeout: 10)
        // Announcement numbers are the process's, so the first one here need not be 1.
        let first = try #require(heard.first { $0.event == .received && $0.text == long }?.id.rawValue, "\(heard)")

        let stop = CommandRun.run(["stop", "--socket", server.socketPath])
        // The 83 characters of the text are shortened so that the line fits 80 cells.
        #expect(stop.status == 0 && stop.output.output.hasPrefix("Stopped announcement \(first): \"This long announcement"),
                "\(stop.output.output)\(stop.errorMessage)")
        #expect(stop.output.output.hasSuffix("…\".\n") && stop.output.output.count <= 81, "\(stop.output.output)")
        let stopped = listener.readEvents(until: { $0.event == .ended && $0.text == long }, timeout: 10)
        #expect(stopped.last?.outcome == .cancelled)

        let region = CommandRun.run(["cancel", "--socket", server.socketPath, "--region", "build"])
        #expect(region.status == 0, "\(region.errorMessage)")
        #expect(region.output.output == "Cancelled 1 announcement of region build.\n", "\(region.output.output)")
        let all = CommandRun.run(["cancel", "--socket", server.socketPath, "--all"])
        #expect(all.status == 0, "\(all.errorMessage)")
        // "Waiting third" may have been spoken by now, or be waiting or speaking.
        #expect(["Cancelled 1 announcement.\n", "Nothing was cancelled: nothing was waiting or speaking.\n"].contains(all.output.output),
                "\(all.output.output)")
        let gone = CommandRun.run(["cancel", "--socket", server.socketPath, first])
        #expect(gone.output.output == "Nothing was cancelled: announcement \(first) was not waiting or speaking.\n", "\(gone.output.output)")
        let ends = listener.readEvents(until: { $0.event == .ended && $0.text == "Waiting third" }, timeout: 10).filter { $0.event == .ended }
        #expect(ends.contains { $0.text == "Waiting in the build region" && $0.outcome == .cancelled }, "\(ends)")
        #expect(ends.last?.outcome == .cancelled || ends.last?.outcome == .spoken)

        let nothing = CommandRun.run(["stop", "--socket", server.socketPath])
        // The server may answer this stop's status from the snapshot it gave the commands above, within
        // its 100 ms; then stop finds announcement \(first) already ended, and says so.
        #expect(["Nothing was speaking.\n", "Nothing was stopped: announcement \(first) ended just before.\n"].contains(nothing.output.output)
                    || nothing.output.output.hasPrefix("Stopped"), "\(nothing.output.output)")
        let missing = CommandRun.run(["cancel", "--socket", server.socketPath])
        #expect(missing.status != 0)
        #expect(missing.printedError.first?.hasPrefix("Error: Name what to cancel: an announcement's id, --region ID, or --all.") == true,
                "\(missing.printedError)")
    }
}
