import AnnouncerProtocol
import Foundation
import Testing
import TestSupport

/// What `say` and `status` tell a person while the server's audio device is down: that nothing is
/// heard yet, never that it was spoken, and never that a repeat is a "duplicate" of the unheard.
@Suite(.serialized) struct AudioDeviceDownOutputTests {
    /// A server whose audio device cannot be opened: it starts without it and waits for it.
    private func serverWithoutDevice() throws -> ServerProcess {
        try ServerProcess(arguments: ["--sink", "alsa:hw:97"])
    }

    private func announce(_ arguments: [String], server: ServerProcess) throws -> ProgramRun {
        try ProgramRun(ServerProcess.announce.path, arguments, environment: ["ANNOUNCER_SOCKET": server.socketPath])
    }

    @Test("say through a server whose device is down prints one warning that it will be spoken when the device returns")
    func sayWarnsOnceWhenTheDeviceIsDown() throws {
        let server = try serverWithoutDevice()
        defer { server.stop() }
        let run = try announce(["say", "Build finished"], server: server)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError == "Warning: the audio device is down; this will be spoken when it returns.\n")
    }
}
