import AnnouncerProtocol
import ServerSeamSupport
import TestSupport
import Testing

/// `announce status` against announcerd's server in this process whose audio device is down: the
/// announcement whose turn it is waits for the device, and status never says it is speaking.
struct AudioDeviceDownCommandTests {
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
