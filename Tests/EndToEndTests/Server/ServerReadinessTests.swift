import TestSupport
import AnnouncerProtocol
import Foundation
import Glibc
import Testing

/// Readiness as data: announcerd's one line on standard output, and systemd's READY=1 when it asks.
@Suite(.startsProcesses) struct ServerReadinessTests {
    @Test("announcerd says it is ready twice as data: one line on standard output and READY=1 to systemd's notify socket")
    func readinessIsALineAndASystemdNotice() async throws {
        let directory = ServerProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let notifyPath = directory + "/notify"
        let notify = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        defer { close(notify) }
        try #require(UnixSocketAddress.with(notifyPath, { bind(notify, $0, $1) }) == 0)
        var wait = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(notify, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))

        let server = try await ServerProcess.start(socketPath: directory + "/a.sock", environment: ["NOTIFY_SOCKET": notifyPath])
        defer { server.end() }
        let readiness = try #require(server.readiness)
        #expect(readiness.pid == server.process.processIdentifier)
        #expect(readiness.sockets == [server.socketPath])
        #expect(!readiness.version.isEmpty)

        var buffer = [UInt8](repeating: 0, count: 512)
        let received = recv(notify, &buffer, buffer.count, 0)
        let notice = String(decoding: buffer.prefix(max(0, received)), as: UTF8.self)
        #expect(notice.split(separator: "\n").contains("READY=1"), "\(notice)")
        #expect(notice.contains("MAINPID=\(server.process.processIdentifier)"), "\(notice)")
        // The line for people stays. It is written before the readiness, but read from the pipe by a thread of the test's.
        #expect(await waitFor({ server.standardErrorText.contains("Started, serving JSON lines and SSIP.") }, seconds: 5))
    }
}
