import AnnouncerProtocol
import Testing

/// announcerd's readiness line, written and read back as data.
@Suite struct ServerReadinessLineTests {
    @Test("The readiness line is one line of JSON that reads back as the same readiness")
    func readinessLineRoundTrips() throws {
        let readiness = ServerReadiness(version: "1.2.3", pid: 4_321, sockets: ["/run/a.sock", "/run/speechd.sock"])
        #expect(readiness.line == #"{"event":"ready","version":"1.2.3","pid":4321,"sockets":["/run/a.sock","/run/speechd.sock"]}"# + "\n")
        #expect(ServerReadiness(line: readiness.line.dropLast()) == readiness)
    }

    @Test("A log line, or JSON that is not a readiness, is not read as one")
    func otherLinesAreNotReadiness() {
        #expect(ServerReadiness(line: "announcerd: Started, serving JSON lines and SSIP.") == nil)
        #expect(ServerReadiness(line: #"{"event":"started","version":"1","pid":1,"sockets":[]}"#) == nil)
        #expect(ServerReadiness(line: #"{"event":"ready"}"#) == nil)
    }
}
