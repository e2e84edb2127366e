import AnnouncerCore
import AnnouncerEngine
@testable import AnnouncerServer
import Logging
import NIOCore
import NIOEmbedded
import Testing

/// The SSIP handler carrying out its session's replies on an EmbeddedChannel, with a real engine on
/// the null sink behind it. No SPEAK here: a message's events come from the scheduler's thread, and an
/// EmbeddedChannel belongs to one thread; EndToEndTests speak through the real socket.
@Suite("SSIP handler", .serialized)
final class SSIPHandlerTests {
    let connection: EmbeddedConnection

    init() throws { connection = try EmbeddedConnection { SSIPHandler(context: $0, client: $1) } }

    var context: ServerContext { connection.context }
    var client: ClientAccount { connection.client }
    var channel: EmbeddedChannel { connection.channel }

    /// Sends one command and returns every line written back, each ending in CRLF as SSIP requires.
    private func exchange(_ line: String) throws -> [String] {
        let text = try connection.exchange(line, ending: "\r\n")
        #expect(text.isEmpty || text.hasSuffix("\r\n"))
        return text.split(separator: "\r\n").map(String.init)
    }

    /// Should answer each command with its reply lines, and tell the registry the client's name.
    @Test("Commands get Speech Dispatcher's replies, and CLIENT_NAME names the client in status")
    func commandsAreAnswered() throws {
        #expect(try exchange("SET SELF CLIENT_NAME user:orca:main") == ["208 OK CLIENT NAME SET"])
        #expect(context.clients.list(queue: [:]).first?.name == "user:orca:main")
        #expect(try exchange("HISTORY GET CLIENT_ID") == ["245-\(client.number)", "245 OK CLIENT ID SENT"])
        #expect(try exchange("SET SELF RATE 500") == ["409 ERR RATE TOO HIGH"])
        #expect(try exchange("FOO") == ["500 ERR INVALID COMMAND"])
    }

    /// Should close the connection after QUIT's reply.
    @Test("QUIT is answered, then the connection closes")
    func quitCloses() throws {
        #expect(try exchange("QUIT") == ["231 HAPPY HACKING"])
        #expect(!channel.isActive)
    }
}
