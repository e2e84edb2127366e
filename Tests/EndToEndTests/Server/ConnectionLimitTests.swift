import TestSupport
import AnnouncerProtocol
import Foundation
import Testing

/// Idle connections and running out of file descriptors never stall the server for everyone.
/// The server's own logic behind these is tested in the test's process by `ConnectionLimitOnFakeEngineTests`.
@Suite(.serialized, .startsProcesses) struct ConnectionLimitTests {
    /// Seconds of CPU the process has used, from /proc.
    static func cpuSeconds(of pid: Int32) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the command name.
        let ticks = (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Lets this test process open more sockets than the default soft limit of 1024.
    static func raiseOwnDescriptorLimit(to wanted: Int) {
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        limit.rlim_cur = min(limit.rlim_max, rlim_t(wanted))
        setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
    }

    @Test("Started with a soft open-file limit of 1024, the server raises it; with 1,100 idle connections a new client's assertive announcement is spoken and the CPU stays low")
    func thousandIdleConnectionsLeaveRoomForANewClient() async throws {
        Self.raiseOwnDescriptorLimit(to: 4_096)
        let server = try await ServerProcess.start(descriptorLimit: (1_024, 4_096))
        defer { server.end() }
        #expect(server.standardErrorText.contains("; server open file limit 4096;"), "\(server.standardErrorText)")
        let idle = try (0..<1_100).map { _ in try SocketClient(path: server.socketPath) }
        // Idle from here: the server has taken every connection in, which a status request counts.
        let counter = try SocketClient(path: server.socketPath)
        #expect(await waitFor({ (counter.request(.status)?.body(StatusBody.self)?.clients ?? 0) >= 1_101 }, seconds: 20))
        let before = Self.cpuSeconds(of: server.process.processIdentifier)
        // Not a wait: the CPU the server uses in two idle seconds is what this measures.
        try await Task.sleep(for: .seconds(2))
        #expect(Self.cpuSeconds(of: server.process.processIdentifier) - before < 0.5, "the server was busy with idle connections")

        let client = try SocketClient(path: server.socketPath)
        let id = try #require(client.request(#"{"request":"speak","text":"Error: wrong password","politeness":"assertive","rate":450,"follow":true}"#)?.id)
        #expect(await client.events(until: isEnd(of: id)).last?.outcome == .spoken)
        #expect(idle.count == 1_100)
    }

    @Test("Out of file descriptors, waiting connections are refused in one line instead of spinning, with one log line, and served again when descriptors are free")
    func outOfDescriptorsBacksOffAndRecovers() async throws {
        let server = try await ServerProcess.start(arguments: ["--max-clients", "1000"], descriptorLimit: (64, 64))
        defer { server.end() }
        var idle = try (0..<80).map { _ in try SocketClient(path: server.socketPath) }
        #expect(await waitFor({ server.standardErrorText.contains("run out of file descriptors") }, seconds: 10), "\(server.standardErrorText)")
        // The last ones could not be served: each was told so in one line and closed.
        let told = try #require(await idle.last?.line(timeout: 5))
        #expect(told.contains(#""error":"out_of_descriptors""#), "\(told)")
        let before = Self.cpuSeconds(of: server.process.processIdentifier)
        // Not a wait: the CPU the server uses in two seconds of refused connections is what this measures.
        try await Task.sleep(for: .seconds(2))
        #expect(Self.cpuSeconds(of: server.process.processIdentifier) - before < 0.5, "the event loop spun on the accept error")
        #expect(server.standardErrorText.components(separatedBy: "run out of file descriptors").count == 2, "one line, not one per try")

        idle.removeAll()
        let client = try SocketClient(path: server.socketPath)
        let id = try #require(client.request(#"{"request":"speak","text":"Back again","politeness":"assertive","rate":450,"follow":true}"#)?.id)
        #expect(await client.events(until: isEnd(of: id)).last?.outcome == .spoken)
        #expect(server.standardErrorText.contains("File descriptors are free again"))
    }

}
