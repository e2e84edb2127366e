import AnnouncerClient
import AnnouncerCommandLine
import AnnouncerProtocol
import ArgumentParser

/// The socket of the running server, for the commands that only work with one.
struct ServerSocketOption: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The server's socket. The default is $ANNOUNCER_SOCKET, else $XDG_RUNTIME_DIR/announcer/announcer.sock.",
        valueName: "PATH"))
    var socket: String?

    /// Connects to the server; without one, a sentence saying none is running there.
    func connect() throws -> ServerConnection {
        do throws(ClientError) {
            return try ServerConnection.connect(to: socket ?? SocketLocation.standard())
        } catch {
            throw CommandFailure(error.description)
        }
    }
}
