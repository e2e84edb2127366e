import AnnouncerCore
import AnnouncerEngine
@testable import AnnouncerServer
import Logging
import NIOCore
import NIOEmbedded
import Testing

/// The SSIP handler carrying out its session's replies on an EmbeddedChannel, with an engine on fake
/// speech and the null sink behind it. No SPEAK here: a message's events come from the scheduler's thread, and an
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

    /// Should make PAUSE ALL this client's pause, bounded by the server's limit.
    @Test("PAUSE ALL is this client's pause of everyone, with the server's time limit")
    func pauseAllNamesItsSenderAndLimit() throws {
        #expect(try exchange("PAUSE ALL") == ["211 OK PAUSED"])
        let pause = context.scheduler.status().paused.everyone
        #expect(pause?.sender == client.clientID)
        #expect(pause?.limit == context.configuration.maxPauseForAll)
        #expect(context.configuration.maxPauseForAll == .seconds(60))
    }

    /// Should end the client's pause of everyone once its connection has closed and its handler is gone.
    @Test("A pause of everyone ends when the connection that made it closes")
    func pauseAllEndsWithTheConnection() throws {
        #expect(try exchange("PAUSE ALL") == ["211 OK PAUSED"])
        #expect(context.scheduler.status().paused.includesEveryone)
        try channel.close().wait()
        channel.embeddedEventLoop.run()
        #expect(context.scheduler.status().paused == .nobody)
    }

    /// Should group the client by its SSIP name's user and application.
    @Test("CLIENT_NAME joins the share of another connection with the same user and application")
    func clientNameGroupsByProgram() throws {
        let other = context.connectionOpened()
        context.identify(other, ssipName: "user:spd-say:main")
        #expect(try exchange("SET SELF CLIENT_NAME user:spd-say:other") == ["208 OK CLIENT NAME SET"])
        #expect(client.share == other.share)
        // Of two shares alike, the older stays: this connection opened first.
        #expect(other.share == ShareID(client.clientID))
    }

    /// Should close the connection after QUIT's reply.
    @Test("QUIT is answered, then the connection closes")
    func quitCloses() throws {
        #expect(try exchange("QUIT") == ["231 HAPPY HACKING"])
        #expect(!channel.isActive)
    }
}
