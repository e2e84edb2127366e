import TestSupport
import AnnouncerCore
import AnnouncerProtocol
import Foundation
import Glibc
import Testing

/// Starting, refusing a second server, replacing a stale socket, and stopping cleanly. The standard
/// socket's private folder is `ServerLifecycleOnFakeEngineTests`, in the test's process.
@Suite(.serialized, .startsProcesses) struct ServerLifecycleTests {
    @Test("Started with no --socket, announcerd serves the standard socket in XDG_RUNTIME_DIR and logs it; SIGTERM cancels what waits, announced on the event stream, removes the socket and exits 0")
    func sigtermCancelsWaitingAndCleansUp() async throws {
        // The one real start that finds its own socket from the environment, as a desktop's service does.
        let runtime = ServerProcess.makeDirectory()
        let server = try await ServerProcess.start(
            socketPath: nil, environment: ["XDG_RUNTIME_DIR": runtime, "ANNOUNCER_SOCKET": ""], useStandardPath: true)
        #expect(server.socketPath == runtime + "/announcer/announcer.sock")
        #expect(server.standardErrorText.contains(runtime + "/announcer/announcer.sock"))
        let listener = try SocketClient(path: server.socketPath)
        _ = listener.request(.subscribe)
        let client = try SocketClient(path: server.socketPath)
        let speaking = try #require(client.request(#"{"request":"speak","text":"A long sentence that is speaking when the server is told to stop"}"#)?.id)
        let waiting = try #require(client.request(#"{"request":"speak","text":"Waiting behind it"}"#)?.id)
        _ = await listener.events(until: { $0.event == .firstAudio })
        #expect(await server.stop(signal: SIGTERM) == 0)
        var outcomes: [AnnouncementID: Outcome.Kind] = [:]
        while let event = await listener.event(timeout: 5) {
            if event.event == .ended { outcomes[event.id] = event.outcome }
        }
        #expect(outcomes == [speaking: .cancelled, waiting: .cancelled])
        #expect(!FileManager.default.fileExists(atPath: server.socketPath))
        #expect(server.standardErrorText.contains("Stopped."))
    }

    @Test("SIGTERM ends the synthesis worker before the server exits 0")
    func sigtermEndsTheWorkerFirst() async throws {
        let server = try await ServerProcess.start()
        let client = try SocketClient(path: server.socketPath)
        let worker = try #require(client.request(.status)?.body(StatusBody.self)?.synthesis.workerPID)
        #expect(kill(pid_t(worker), 0) == 0, "the worker runs while the server does")
        #expect(await server.stop(signal: SIGTERM) == 0)
        // Ended and reaped by the server itself, not left to notice its parent's end.
        #expect(kill(pid_t(worker), 0) == -1 && errno == ESRCH, "worker \(worker) still runs")
    }

    @Test("A process of another user is refused, checked with SO_PEERCRED", .enabled(if: geteuid() == 0, "needs root to act as another user"))
    func otherUserIsRefused() async throws {
        let server = try await ServerProcess.start()
        defer { server.end() }
        // Open the file permissions, so only the peer-credential check stands in the way.
        let directory = (server.socketPath as NSString).deletingLastPathComponent
        chmod(directory, 0o755)
        chmod(server.socketPath, 0o666)
        let script = """
        import socket, sys
        s = socket.socket(socket.AF_UNIX)
        s.connect(sys.argv[1])
        s.settimeout(5)
        try:
            s.sendall(b'{"request":"status"}\\n')
            reply = s.recv(1000)
        except (BrokenPipeError, ConnectionResetError):
            reply = b''
        print('closed' if reply == b'' else 'answered: ' + repr(reply))
        """
        let run = try await ProgramRun.run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", "-c", script, server.socketPath])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "closed")
        #expect(await waitFor({
            server.standardErrorText.contains("Refused a connection from another user: only the server's own user may use it. Peer process ")
                && server.standardErrorText.contains("; peer user id 65534; server user id \(geteuid()).")
        }, seconds: 5), "\(server.standardErrorText)")
    }

    @Test("announcerd needs no root: as the unprivileged user nobody it starts its worker and speaks", .enabled(if: nobodyCanRunTheBuild, "needs root to become another user, and a build folder others may enter; as a normal user every test already proves it"))
    func runsWithoutRoot() async throws {
        let directory = "/tmp/anr-nobody-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        chown(directory, 65534, 65534)
        let asNobody = ["--reuid=65534", "--regid=65534", "--clear-groups"]
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        server.arguments = asNobody + ["/usr/bin/env", "HOME=\(directory)", "XDG_RUNTIME_DIR=\(directory)", ServerProcess.announcerd.path, "--socket", "\(directory)/a.sock", "--sink", "null"]
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer { kill(server.processIdentifier, SIGTERM); server.waitUntilExit() }
        #expect(await waitFor({ FileManager.default.fileExists(atPath: "\(directory)/a.sock") }, seconds: 20))
        let said = try await ProgramRun.run("/usr/bin/setpriv", asNobody + [ServerProcess.announce.path, "say", "--wait", "--socket", "\(directory)/a.sock", "Spoken by a server without root"])
        #expect(said.status == 0, "\(said.standardError)")
        #expect(said.standardOutput.hasPrefix("Spoken."))
        let status = try await ProgramRun.run("/usr/bin/setpriv", asNobody + [ServerProcess.announce.path, "status", "--socket", "\(directory)/a.sock"])
        #expect(status.standardOutput.contains("Synthesis runs in the worker process"), "\(status.standardOutput)")
    }

    /// True when this runs as root and the user nobody may run the built programs (a build folder
    /// inside a private home directory is closed to others).
    static let nobodyCanRunTheBuild: Bool = {
        guard geteuid() == 0 else { return false }
        let run = try? ProgramRun("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/test", "-x", ServerProcess.announcerd.path])
        return run?.status == 0
    }()
}
