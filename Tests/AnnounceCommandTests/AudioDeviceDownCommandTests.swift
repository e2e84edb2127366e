import AnnouncerProtocol
import ServerSeamSupport
import TestSupport
import Testing

/// `announce say` and `status` against announcerd's server in this process whose audio device is down:
/// say warns once that nothing is heard yet, the announcement whose turn it is waits for the device, and
/// status never says it is speaking. A real server whose device is missing is EndToEndTests'
/// `AudioDeviceRecoveryTests`.
struct AudioDeviceDownCommandTests {
    @Test("say through a server whose device is down prints one warning that it will be spoken when the device returns")
    func sayWarnsOnceWhenTheDeviceIsDown() throws {
        let server = try InProcessServer(sink: InProcessServer.sinkWithDeviceDown())
        defer { server.stop() }
        let say = CommandRun.run(["say", "--socket", server.socketPath, "Build finished"])
        #expect(say.status == 0, "\(say.errorMessage) \(say.output.error)")
        #expect(say.output.error == "Warning: the audio device is down; this will be spoken when it returns.\n")
    }

    @Test("status says the announcement whose turn it is waits for the audio device, not that it is speaking")
    func statusSaysWaitingForTheDevice() throws {
        let server = try InProcessServer(sink: InProcessServer.sinkWithDeviceDown())
        defer { server.stop() }
        // Spoken through a plain request, not `say`, which asks for a status first: that status's
        // snapshot, made before the announcement, could be the reply to the status below.
        let client = try SocketClient(path: server.socketPath)
        let id = try #require(client.request(#"{"request":"speak","text":"Build finished"}"#)?.id)
        let status = CommandRun.run(["status", "--socket", server.socketPath])
        #expect(status.status == 0, "\(status.errorMessage) \(status.output.error)")
        #expect(status.output.output.contains("Announcement \(id) is waiting for the audio device (polite, en): Build finished"),
                "\(status.output.output)")
        #expect(!status.output.output.contains("Speaking announcement"))
    }
}
