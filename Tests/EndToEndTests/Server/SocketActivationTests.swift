import TestSupport
import Foundation
import Glibc
import Testing

/// systemd's tool that passes listening sockets to a program as systemd does.
let socketActivator = "/usr/bin/systemd-socket-activate"

/// systemd socket activation, through systemd's own `systemd-socket-activate`: the sockets it
/// creates are adopted, served from the first connection on, and left in place when announcerd stops.
@Suite(.serialized, .startsProcesses, .enabled(if: FileManager.default.isExecutableFile(atPath: socketActivator),
                             "systemd-socket-activate is installed (CI installs systemd)"))
struct SocketActivationTests {
    static let activator = socketActivator

    /// Starts `systemd-socket-activate` listening on `sockets`, which runs announcerd on the first connection.
    static func activate(_ sockets: [String], arguments: [String]) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: activator)
        process.arguments = sockets.flatMap { ["-l", $0] } + [ServerProcess.announcerd.path] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["LC_ALL": "C.UTF-8"]) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = errors
        try process.run()
        return (process, errors)
    }

    /// A TCP socket connected to 127.0.0.1 at `port`, or -1 while nothing listens there.
    static func connect(port: Int) -> Int32 {
        let tcp = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(tcp, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            close(tcp)
            return -1
        }
        return tcp
    }

    @Test("The first connection starts announcerd on systemd's sockets; the main one serves JSON lines, the other SSIP, and both files stay after it stops")
    func activatedSocketsAreServedAndKept() async throws {
        let directory = ServerProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let main = directory + "/announcer.sock", ssip = directory + "/speechd.sock"
        let (process, _) = try Self.activate([main, ssip], arguments: ["--socket", main, "--sink", "null"])
        defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }
        #expect(await waitFor({ FileManager.default.fileExists(atPath: ssip) }, seconds: 10))

        // Connected before announcerd runs: the connection waits in the socket's backlog, as under systemd.
        let client = try SocketClient(path: main)
        client.send(#"{"request":"speak","text":"Activated by systemd","id":"activated"}"# + "\n")
        let reply = try #require(client.readLine(timeout: 20))
        #expect(reply.contains(#""ok":true"#), "\(reply)")

        let speechd = try SocketClient(path: ssip)
        speechd.send("HISTORY GET CLIENT_ID\r\n")
        #expect(speechd.readLine(timeout: 10)?.hasPrefix("245-") == true)

        // systemd-socket-activate runs announcerd in its own process, so this stops announcerd itself.
        process.terminate()
        #expect(await waitFor({ !process.isRunning }, seconds: 20))
        #expect(process.terminationStatus == 0)
        #expect(FileManager.default.fileExists(atPath: main), "systemd's socket file must outlive the server")
        #expect(FileManager.default.fileExists(atPath: ssip))
    }

    @Test("A socket announcerd cannot serve ends it with one sentence that says why")
    func tcpSocketIsRefusedInOneSentence() async throws {
        let port = Int.random(in: 40_000...60_000)
        let (process, errors) = try Self.activate(["127.0.0.1:\(port)"], arguments: ["--socket", ServerProcess.makeDirectory() + "/a.sock", "--sink", "null"])
        defer { if process.isRunning { process.terminate() } }
        // The first connection that systemd-socket-activate accepts starts announcerd: tried until it listens.
        var tcp: Int32 = -1
        defer { if tcp >= 0 { close(tcp) } }
        #expect(await waitFor({ tcp = Self.connect(port: port); return tcp >= 0 }, seconds: 10))
        #expect(await waitFor({ !process.isRunning }, seconds: 20))
        #expect(process.terminationStatus == 1)
        // Wrapped at 80 cells, with a two-space indent: read as one sentence again.
        let output = String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self)
            .replacingOccurrences(of: "\n  ", with: " ")
        #expect(output.contains("Cannot serve the socket systemd passed as descriptor 3: it is not a Unix domain socket"), "\(output)")
    }
}
