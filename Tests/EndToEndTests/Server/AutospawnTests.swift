import TestSupport
import AnnouncerProtocol
import Foundation
import Testing

/// Speech Dispatcher's autospawn with unmodified clients: `SPEECHD_CMD=announcerd` makes python3-speechd
/// start announcer when no server answers, as it would start `speech-dispatcher --spawn`.
@Suite(.serialized, .startsProcesses, .enabled(if: speechDispatcherClientsInstalled, "python3-speechd is installed (CI installs it)"))
struct AutospawnTests {
    /// A private runtime and cache directory, so the spawned server's default socket and log are the test's own.
    final class Home {
        let runtime = ServerProcess.makeDirectory()
        let cache = ServerProcess.makeDirectory()

        var environment: [String: String] {
            ["XDG_RUNTIME_DIR": runtime, "XDG_CACHE_HOME": cache, "SPEECHD_CMD": ServerProcess.announcerd.path,
             "ANNOUNCER_SINK": "null", "LC_ALL": "C.UTF-8"]
        }
        var socketPath: String { runtime + "/speech-dispatcher/speechd.sock" }
        var logPath: String { cache + "/announcer/announcerd.log" }

        /// The spawned server's log once it holds `text`, waiting up to 10 s: the server may answer a
        /// client a moment before it has written its start line.
        func log(containing text: String) async -> String {
            var log = ""
            _ = await waitFor({
                log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
                return log.contains(text)
            }, seconds: 10)
            return log
        }

        /// Checks the spawned server's log once it has started: its started line names the socket, and no
        /// line is wider than 80 cells, the readiness line's JSON being kept out of it (its output is a file).
        static func expectStarted(_ log: String, on socketPath: String) {
            let entries = log.replacingOccurrences(of: "\n  ", with: " ")
            #expect(entries.split(separator: "\n").contains { $0.contains("Started, serving JSON lines and SSIP.") && $0.contains(socketPath) }, "\(log)")
            #expect(!log.split(separator: "\n").contains { ServerReadiness(line: $0) != nil }, "\(log)")
            #expect(log.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(log)")
        }

        /// Stops the spawned server, whose process id the socket's peer credentials give.
        func stopServer() {
            if let pid = Self.serverProcessID(at: socketPath) {
                kill(pid, SIGTERM)
                _ = waitFor({ kill(pid, 0) != 0 }, seconds: 10)
            }
            try? FileManager.default.removeItem(atPath: runtime)
            try? FileManager.default.removeItem(atPath: cache)
        }

        static func serverProcessID(at path: String) -> pid_t? {
            guard let client = try? SocketClient(path: path) else { return nil }
            // struct ucred: pid, uid, gid; Swift's Glibc module does not import the GNU type itself.
            var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
            var length = socklen_t(MemoryLayout<(Int32, UInt32, UInt32)>.size)
            guard getsockopt(client.descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return nil }
            return credentials.pid
        }
    }

    @Test("python3-speechd with SPEECHD_CMD=announcerd starts announcer when no server answers, and speaks through it")
    func pythonClientAutospawnsAnnouncer() async throws {
        let home = Home()
        defer { home.stopServer() }
        let script = """
        import speechd
        client = speechd.SSIPClient("autospawn-test")
        print(client.speak("Spoken by an autospawned announcer")[0])
        client.close()
        """
        let run = try await ProgramRun.run(SSIPClientTests.python, ["-c", script], environment: home.environment, timeout: 30)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("225"), "\(run.standardOutput)")
        Home.expectStarted(await home.log(containing: "Started, serving"), on: home.socketPath)
        #expect(Home.serverProcessID(at: home.socketPath) != nil)
    }

    @Test("spd-say (libspeechd) with SPEECHD_CMD=announcerd starts announcer and waits for the end of its message")
    func spdSayAutospawnsAnnouncer() async throws {
        let home = Home()
        defer { home.stopServer() }
        // -w waits for the message's END event: it exits 0 only when announcer spoke it to the end.
        let run = try await ProgramRun.run("/usr/bin/spd-say", ["-w", "Spoken by announcer, which spd-say started"], environment: home.environment, timeout: 30)
        #expect(run.status == 0, "\(run.standardError)")
        Home.expectStarted(await home.log(containing: "Started, serving"), on: home.socketPath)
        #expect(Home.serverProcessID(at: home.socketPath) != nil)
    }

    @Test("announcerd --spawn exits 0 at once when a server already answers, and the server goes on")
    func spawnWithARunningServerExitsAtOnce() async throws {
        let home = Home()
        defer { home.stopServer() }
        let arguments = ["--spawn", "--communication-method", "unix_socket", "--socket-path", home.socketPath, "--port", "6560"]
        let first = try await ProgramRun.run(ServerProcess.announcerd.path, arguments, environment: home.environment)
        #expect(first.status == 0, "\(first.standardError)")
        let pid = try #require(Home.serverProcessID(at: home.socketPath))
        let started = Date()
        let second = try await ProgramRun.run(ServerProcess.announcerd.path, arguments, environment: home.environment)
        #expect(second.status == 0, "\(second.standardError)")
        #expect(Date().timeIntervalSince(started) < 2)
        #expect(Home.serverProcessID(at: home.socketPath) == pid)
    }
}
