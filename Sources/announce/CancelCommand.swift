import AnnouncerClient
import AnnouncerCommandLine
import AnnouncerCore
import AnnouncerProtocol
import ArgumentParser

/// `announce cancel`: ends announcements on the running server, waiting or speaking.
struct CancelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cancel",
        abstract: "End announcements on the running server: one by its id, a region's, or all.",
        discussion: """
        Needs a running announcer server. Give an announcement's id (as say and events show it), \
        --region ID for every announcement of that live region, or --all for every client's. Each \
        ends cancelled on the timeline. Example: announce cancel --all
        """
    )

    @OptionGroup var server: ServerSocketOption

    @Flag(help: "Cancel every announcement, waiting or speaking, of every client.")
    var all = false

    @Option(help: ArgumentHelp("Cancel every announcement of this live region.", valueName: "ID"))
    var region: String?

    @Argument(help: "The id of the announcement to cancel.")
    var id: String?

    func validate() throws {
        if [all, region != nil, id != nil].filter({ $0 }).count != 1 {
            throw ValidationError("Name what to cancel: an announcement's id, --region ID, or --all.")
        }
    }

    func run() throws {
        let target: CancelTarget = all ? .all : region.map { .region(RegionID($0)) } ?? .id(AnnouncementID(id ?? ""))
        try ServerRequest.send(.cancel(target), through: server)
    }
}

/// `announce stop`: stops what the running server is saying now; what waits goes on.
struct StopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stop",
        abstract: "Stop what the running server is saying now; what waits is spoken next.",
        discussion: "Needs a running announcer server. The announcement that was speaking ends cancelled."
    )

    @OptionGroup var server: ServerSocketOption

    func run() throws {
        let connection = try server.connect()
        defer { connection.close() }
        let reply = try connection.request(JSONRequest.status)
        guard let status = reply.body(StatusBody.self) else {
            throw CommandFailure(reply.reply?.message ?? "The server did not say what it is speaking.")
        }
        guard let speaking = status.speaking else {
            print("Nothing was speaking.")
            return
        }
        let answer = try connection.request(JSONRequest.cancel(.id(speaking.id)))
        guard answer.reply?.ok == true else { throw CommandFailure(answer.reply?.message ?? "The server refused to stop it.") }
        print("Stopped \"\(speaking.text)\".")
    }
}

/// One request to the running server, with its refusal as the command's failure.
enum ServerRequest {
    static func send(_ request: JSONRequest, through server: ServerSocketOption) throws {
        let connection = try server.connect()
        defer { connection.close() }
        let reply = try connection.request(request)
        guard reply.reply?.ok == true else { throw CommandFailure(reply.reply?.message ?? "The server refused the request.") }
    }
}
