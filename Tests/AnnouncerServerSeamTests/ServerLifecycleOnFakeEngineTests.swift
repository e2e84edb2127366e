import AnnouncerCore
import AnnouncerProtocol
import AnnouncerServer
import Foundation
import Glibc
import ServerSeamSupport
import TestSupport
import Testing

/// announcerd's server in this process claiming its socket, refusing a second server, and stopping
/// with or without `--drain`: the server's own logic, on the fake engine.
struct ServerLifecycleOnFakeEngineTests {
    /// A folder of the test's own for a socket path, short enough for a Unix socket.
    private func folder() throws -> String {
        let folder = "/tmp/ansl-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return folder
    }

    @Test("The standard socket is in a private directory: the directory 0700, the socket 0600")
    func standardLocationIsPrivate() throws {
        // A runtime directory others may read, as a careless XDG_RUNTIME_DIR is.
        let runtime = try folder()
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        chmod(runtime, 0o755)
        // announcerd's --socket when none is given, from this environment.
        let environment = ["XDG_RUNTIME_DIR": runtime, "ANNOUNCER_SOCKET": ""]
        let path = SocketLocation.standard(environment: environment)
        #expect(path == runtime + "/announcer/announcer.sock")
        let server = try InProcessServer(socketPath: path, environment: environment)
        defer { server.stop() }
        var directory = stat(), socket = stat()
        #expect(stat(runtime + "/announcer", &directory) == 0)
        #expect(stat(runtime + "/announcer/announcer.sock", &socket) == 0)
        #expect(directory.st_mode & 0o777 == 0o700)
        #expect(socket.st_mode & 0o777 == 0o600)
        let answered = try SocketClient(path: path).request(.status)?.reply?.ok
        #expect(answered == true)
    }

    @Test("A socket file left by a crashed server is replaced, and the log says so")
    func staleSocketIsReplaced() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/a.sock"
        // A listening socket closed without removing its file, as a killed server leaves it.
        let stale = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (index, byte) in path.utf8.enumerated() { bytes[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(stale, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0 && listen(stale, 1) == 0)
        close(stale)
        #expect(FileManager.default.fileExists(atPath: path), "a killed server leaves its socket file behind")
        let server = try InProcessServer(socketPath: path)
        defer { server.stop() }
        #expect(server.logText.contains("Replaced a socket file left by a server that is no longer running. Socket path \(path)."),
                "\(server.logText)")
        let client = try SocketClient(path: path)
        #expect(client.request(.status)?.reply?.ok == true)
    }

    @Test("A second server on the same path says so in one sentence and does not start; the first goes on")
    func secondServerIsRefused() throws {
        let first = try InProcessServer()
        defer { first.stop() }
        #expect {
            _ = try InProcessServer(socketPath: first.socketPath)
        } throws: { error in
            "\(error)".contains("Another announcer server is already running at \(first.socketPath)")
        }
        let client = try SocketClient(path: first.socketPath)
        #expect(client.request(.status)?.reply?.ok == true)
    }

    @Test("With --drain, the server's stop speaks what waits before it ends")
    func drainSpeaksWaitingFirst() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try InProcessServer(socketPath: folder + "/a.sock") { $0.drainOnShutdown = true }
        let listener = try SocketClient(path: server.socketPath)
        _ = listener.request(.subscribe)
        let client = try SocketClient(path: server.socketPath)
        let first = try #require(client.request(#"{"request":"speak","text":"First","rate":450}"#)?.id)
        let second = try #require(client.request(#"{"request":"speak","text":"Second","rate":450}"#)?.id)
        server.stop()
        var outcomes: [AnnouncementID: Outcome.Kind] = [:]
        while let event = listener.readEvent(timeout: 5) {
            if event.event == .ended { outcomes[event.id] = event.outcome }
        }
        #expect(outcomes == [first: .spoken, second: .spoken])
        #expect(!FileManager.default.fileExists(atPath: server.socketPath))
    }
}
