import AnnouncerClient
import AnnouncerCommandLine
import AnnouncerCore
import AnnouncerProtocol
import Foundation

/// Speaks `announce pipe`'s lines through the running server, following each to learn its outcome.
final class ServerPipeSpeaker: PipeSpeaker {
    private let connection: ServerConnection
    private let options: SpeechOptions
    private let tally: PipeOutcomeTally
    private let events: JSONLinesTimelineWriter?
    private let sentences: EventSentenceWriter?
    private let staleRegion: RegionID
    private var waitingToEnd: Set<AnnouncementID> = []
    private var throttled = false
    let textLimit: Int

    /// Asks the server for its text limit, and warns once when its audio device is down.
    init(
        connection: ServerConnection, options: SpeechOptions, tally: PipeOutcomeTally, events: JSONLinesTimelineWriter?,
        sentences: EventSentenceWriter?, staleRegion: RegionID
    ) {
        self.connection = connection
        self.options = options
        self.tally = tally
        self.events = events
        self.sentences = sentences
        self.staleRegion = staleRegion
        let status = (try? connection.request(.status))?.body(StatusBody.self)
        textLimit = status?.throttling.limits.textBytes ?? PipeCommand.embeddedTextLimit
        if let audio = status?.audio, let warning = AudioDownWarning.sentence(for: audio, speaking: "each line") {
            PlainOutput.error(warning)
        }
    }

    private func relay(_ event: ServerLine) {
        events?.write(line: event.text)
        if event.event != nil { sentences?.write(line: event.text) }
        if let ended = event.event, ended.event == .ended, waitingToEnd.remove(ended.id) != nil, let outcome = ended.outcome {
            tally.record(outcome)
        }
    }

    private func request(_ request: JSONRequest) throws(PipeServerGone) -> ServerLine {
        do throws(ClientError) {
            return try connection.request(request, onEvent: relay)
        } catch {
            throw PipeServerGone(unended: waitingToEnd.count)
        }
    }

    func speak(_ line: PipeLine) throws(PipeServerGone) -> Bool {
        let request: JSONRequest
        do {
            // Followed, so that the pipe learns every line's outcome and can say what was not spoken.
            request = try options.speakRequest(line.text, politeness: line.politeness, region: line.region, follow: true)
        } catch {
            PlainOutput.error("Line \(line.number) was not accepted: \(error)")
            return false
        }
        var reply = try self.request(request)
        // A throttled pipe slows down instead of losing lines; the input is still passed on at once.
        while reply.reply?.error == .throttled {
            if !throttled {
                throttled = true
                PlainOutput.error("The server is limiting how fast this client may send, so lines are sent more slowly; none is left out.")
            }
            Thread.sleep(forTimeInterval: 0.1)
            reply = try self.request(request)
        }
        guard reply.reply?.ok == true, let id = reply.id else {
            PlainOutput.error("Line \(line.number) was not accepted: \(reply.reply?.message ?? "the server refused it.")")
            return false
        }
        waitingToEnd.insert(id)
        // An error makes the pipe's waiting status lines stale: they are not said after it.
        // Sent after the error, which has already cut the line that was speaking.
        if line.makesStale { _ = try self.request(.cancel(.region(staleRegion))) }
        return true
    }

    func finish() -> Int {
        while !waitingToEnd.isEmpty, let line = connection.nextLine() { relay(ServerLine(line)) }
        events?.flush()
        connection.close()
        return waitingToEnd.count
    }
}
