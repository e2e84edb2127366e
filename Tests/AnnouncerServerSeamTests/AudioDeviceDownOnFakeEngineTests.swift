import AnnouncerProtocol
import ServerSeamSupport
import TestSupport
import Testing

/// announcerd's server in this process whose audio device is down: what was never heard is not
/// held against what comes after it.
struct AudioDeviceDownOnFakeEngineTests {
    @Test("A repeat said while the device is down is not ended as a duplicate of what was never heard")
    func unheardAnnouncementMakesNoDuplicate() throws {
        let server = try InProcessServer(sink: InProcessServer.sinkWithDeviceDown())
        defer { server.stop() }
        let client = try SocketClient(path: server.socketPath)
        _ = client.request(.subscribe)
        // What `announce say Saved` sends, twice, each from a client of its own.
        for _ in 0..<2 {
            let sayer = try SocketClient(path: server.socketPath)
            #expect(sayer.request(#"{"request":"speak","text":"Saved"}"#)?.reply?.ok == true)
        }
        let ends = client.readEvents(until: { $0.event == .ended }, timeout: 1.5).filter { $0.event == .ended }
        #expect(!ends.contains { $0.outcome == .duplicate }, "\(ends)")
    }
}
