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
}
