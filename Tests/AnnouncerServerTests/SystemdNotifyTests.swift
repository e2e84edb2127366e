@testable import AnnouncerServer
import Foundation
import Glibc
import Testing

/// sd_notify's datagram, sent to a socket the test holds: no process, no systemd.
@Suite struct SystemdNotifyTests {
    /// A datagram socket bound at a fresh path, and the path.
    func boundDatagramSocket() throws -> (CInt, String) {
        let path = "/tmp/anr-notify-\(UUID().uuidString.prefix(8))"
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0)
        return (descriptor, path)
    }

    @Test("The notice reaches the notify socket as one datagram with READY=1")
    func noticeReachesTheSocket() throws {
        let (descriptor, path) = try boundDatagramSocket()
        defer { close(descriptor); unlink(path) }
        #expect(SystemdNotify.send("READY=1\nMAINPID=42\n", to: path))
        var buffer = [UInt8](repeating: 0, count: 256)
        let received = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        #expect(String(decoding: buffer.prefix(max(0, received)), as: UTF8.self) == "READY=1\nMAINPID=42\n")
    }

    @Test("With no notify socket there, the notice is not sent and says so")
    func missingSocketIsReportedAsNotSent() {
        #expect(!SystemdNotify.send("READY=1\n", to: "/tmp/anr-no-such-notify-socket"))
    }
}
