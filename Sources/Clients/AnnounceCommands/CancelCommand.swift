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
        ends cancelled on the timeline, and one line says how many were cancelled. \
        Example: announce cancel --all
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
        let reply = try ServerRequest.send(.cancel(target), through: server)
        let ended = reply.body(CancelledBody.self)?.cancelled
        PlainOutput.line(PlainLineWrapper.fitted(Self.said(ended, all: all, region: region, id: id)))
    }

    /// What was cancelled, in one line: how many, and of what; nil `ended` is an older server's reply.
    static func said(_ ended: Int?, all: Bool, region: String?, id: String?) -> String {
        guard let ended else { return "The server took the cancel; its timeline shows what ended." }
        if let id {
            return ended == 0 ? "Nothing was cancelled: announcement \(id) was not waiting or speaking." : "Cancelled announcement \(id)."
        }
        let what = region.map { " of region \($0)" } ?? ""
        if ended == 0 { return "Nothing was cancelled: nothing\(what) was waiting or speaking." }
        return "Cancelled \(ended) \(ended == 1 ? "announcement" : "announcements")\(what)."
    }
}

/// `announce stop`: stops what the running server is saying now; what waits goes on.
struct StopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stop",
        abstract: "Stop what the running server is saying now; what waits is spoken next.",
        discussion: "Needs a running announcer server. The announcement that was speaking ends cancelled, and one line names it."
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
            PlainOutput.line("Nothing was speaking.")
            return
        }
        let answer = try connection.request(JSONRequest.cancel(.id(speaking.id)))
        guard answer.reply?.ok == true else { throw CommandFailure(answer.reply?.message ?? "The server refused to stop it.") }
        if answer.body(CancelledBody.self)?.cancelled == 0 {
            PlainOutput.line("Nothing was stopped: announcement \(speaking.id) ended just before.")
        } else {
            PlainOutput.line(Self.stopped(speaking.id, text: speaking.text))
        }
    }

    /// `Stopped announcement 3: "…".`, the text shortened with an ellipsis to fit one line of 80 cells.
    static func stopped(_ id: AnnouncementID, text: String) -> String {
        let opening = "Stopped announcement \(id): \""
        let room = PlainLineWrapper.width - opening.count - 2
        let words = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        let shown = words.count <= room ? words : words.prefix(max(room - 1, 0)) + "…"
        return PlainLineWrapper.fitted(opening + shown + "\".")
    }
}

/// One request to the running server, with its refusal as the command's failure.
enum ServerRequest {
    @discardableResult
    static func send(_ request: JSONRequest, through server: ServerSocketOption) throws -> ServerLine {
        let connection = try server.connect()
        defer { connection.close() }
        let reply = try connection.request(request)
        guard reply.reply?.ok == true else { throw CommandFailure(reply.reply?.message ?? "The server refused the request.") }
        return reply
    }
}
