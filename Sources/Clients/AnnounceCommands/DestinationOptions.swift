import AnnouncerClient
import AnnouncerCommandLine
import AnnouncerProtocol
import ArgumentParser
import Foundation

/// Where a command's announcements go: the running server, or an engine inside this process.
struct DestinationOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The server's socket. The default is $ANNOUNCER_SOCKET, else $XDG_RUNTIME_DIR/announcer/announcer.sock. Naming one requires a server there.",
        valueName: "PATH"))
    var socket: String?

    @Flag(help: "Use an engine inside this process even when a server is running.")
    var embedded = false

    @OptionGroup(title: "Embedded engine (any of these speaks in this process, not the server)")
    var engine: EngineOptions

    /// The running server when one is reachable, else the embedded engine. `--embedded` or any
    /// engine option (such as --sink) chooses the embedded engine. A socket named by `--socket` or
    /// `$ANNOUNCER_SOCKET` must answer: a server that was asked for and is gone is reported as such,
    /// never quietly replaced by an engine in this process. Returns the server's connection, or nil
    /// for the embedded engine.
    func serverConnection() throws -> ServerConnection? {
        try Self.serverConnection(socket: socket, embedded: embedded || engine.anyGiven)
    }

    /// The server's connection for a command with these choices, or nil for an engine here; see `serverConnection()`.
    static func serverConnection(socket: String?, embedded: Bool) throws -> ServerConnection? {
        if embedded { return nil }
        let named = socket ?? ProcessInfo.processInfo.environment["ANNOUNCER_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
        let path = named ?? SocketLocation.standard()
        do throws(ClientError) {
            return try ServerConnection.connect(to: path)
        } catch {
            if case .noServer = error, named == nil { return nil }
            throw CommandFailure(error.description + (socket == nil && named != nil ? " It is the socket $ANNOUNCER_SOCKET names; unset it, or give --embedded, to speak without the server." : ""))
        }
    }
}
