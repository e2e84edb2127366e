import AnnouncerProtocol
import Foundation
import Testing
import TestSupport

/// What `say` and `status` tell a person while the server's audio device is down: that nothing is
/// heard yet, never that it was spoken, and never that a repeat is a "duplicate" of the unheard.
@Suite(.serialized, .startsProcesses) struct AudioDeviceDownOutputTests {
    /// A server whose audio device cannot be opened: it starts without it and waits for it.
    private func serverWithoutDevice() async throws -> ServerProcess {
        try await ServerProcess.start(arguments: ["--sink", "alsa:hw:97"])
    }

    private func announce(_ arguments: [String], server: ServerProcess) async throws -> ProgramRun {
        try await ProgramRun.run(ServerProcess.announce.path, arguments, environment: ["ANNOUNCER_SOCKET": server.socketPath])
    }

    @Test("say through a server whose device is down prints one warning that it will be spoken when the device returns")
    func sayWarnsOnceWhenTheDeviceIsDown() async throws {
        let server = try await serverWithoutDevice()
        defer { server.end() }
        let run = try await announce(["say", "Build finished"], server: server)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError == "Warning: the audio device is down; this will be spoken when it returns.\n")
    }

    @Test("status says the announcement whose turn it is waits for the audio device, not that it is speaking")
    func statusSaysWaitingForTheDevice() async throws {
        let server = try await serverWithoutDevice()
        defer { server.end() }
        _ = try await announce(["say", "Build finished"], server: server)
        // A status asked within 100 ms of another may be that one's snapshot, made before the say: the
        // server reuses a status reply that long (ServerContext.statusSnapshotLife).
        // Not a wait: that is a time, and nothing tells when a snapshot expires.
        try await Task.sleep(for: .seconds(0.2))
        let status = try await announce(["status"], server: server)
        #expect(status.standardOutput.contains("Announcement 1 is waiting for the audio device (polite, en): Build finished"),
                "\(status.standardOutput)")
        #expect(!status.standardOutput.contains("Speaking announcement"))
    }

    @Test("A repeat said while the device is down is not ended as a duplicate of what was never heard")
    func unheardAnnouncementMakesNoDuplicate() async throws {
        let server = try await serverWithoutDevice()
        defer { server.end() }
        let client = try SocketClient(path: server.socketPath)
        _ = client.request(.subscribe)
        _ = try await announce(["say", "Saved"], server: server)
        _ = try await announce(["say", "Saved"], server: server)
        let ends = await client.events(until: { $0.event == .ended }, timeout: 1.5).filter { $0.event == .ended }
        #expect(!ends.contains { $0.outcome == .duplicate }, "\(ends)")
    }
}
