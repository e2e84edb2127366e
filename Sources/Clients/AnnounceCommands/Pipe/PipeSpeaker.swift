import AnnouncerClient
import AnnouncerCommandLine
import AnnouncerCore
import AnnouncerProtocol
import Foundation
import Synchronization

/// Speaks `announce pipe`'s lines through a speech destination, the server or an engine in this
/// process, following each line to learn its outcome.
final class PipeSpeaker {
    let destination: any SpeechDestination
    private let options: SpeechOptions
    private let staleRegion: RegionID
    /// Every announcement sent, so that the ones that never ended can be counted.
    private var sent: [String] = []
    private var throttled = false
    /// The longest text, in UTF-8 bytes, that it accepts in one announcement.
    let textLimit: Int

    /// Asks a server for its text limit and warns once when its audio device is down; an engine here
    /// must have a voice for --lang. Each outcome is counted in `tally`, and, with an engine here,
    /// the first failure is told on standard error.
    init(destination: any SpeechDestination, options: SpeechOptions, tally: PipeOutcomeTally, staleRegion: RegionID) throws {
        if let language = options.language {
            do throws(DestinationError) { try destination.check(language) } catch { throw CommandFailure(error.description) }
        }
        self.destination = destination
        self.options = options
        self.staleRegion = staleRegion
        let status = destination.serverStatus()
        textLimit = status?.throttling.limits.textBytes ?? PipeCommand.embeddedTextLimit
        if let audio = status?.audio, let warning = AudioDownWarning.sentence(for: audio, speaking: "each line") {
            PlainOutput.error(warning)
        }
        let failures = destination.outlivesClient ? nil : FirstFailure()
        destination.timeline.whenEachEnds { id, times in
            guard let outcome = times.outcome else { return }
            tally.record(outcome)
            if outcome == .failed { failures?.report(id, times.reason ?? "It failed.") }
        }
    }

    /// Speaks one line; false when it was refused (the reason is already on standard error).
    func speak(_ line: PipeLine) throws(PipeServerGone) -> Bool {
        let request: SpeakRequest
        do {
            // Followed, so that the pipe learns every line's outcome and can say what was not spoken.
            request = try options.speakRequest(line.text, politeness: line.politeness, region: line.region, follow: true)
        } catch {
            PlainOutput.error("Line \(line.number) was not accepted: \(error)")
            return false
        }
        var submission = try submit(request)
        // A throttled pipe slows down instead of losing lines; the input is still passed on at once.
        while case .refused(_, throttled: true) = submission {
            if !throttled {
                throttled = true
                PlainOutput.error("The server is limiting how fast this client may send, so lines are sent more slowly; none is left out.")
            }
            Thread.sleep(forTimeInterval: 0.1)
            submission = try submit(request)
        }
        guard case let .accepted(id) = submission else {
            if case let .refused(reason, _) = submission {
                PlainOutput.error("Line \(line.number) was not accepted: \(reason ?? "the server refused it.")")
            }
            return false
        }
        sent.append(id.rawValue)
        // An error makes the pipe's waiting status lines stale: they are not said after it.
        // Sent after the error, which has already cut the line that was speaking.
        if line.makesStale { destination.post(.cancelRegion(staleRegion)) { _ in } }
        return true
    }

    private func submit(_ request: SpeakRequest) throws(PipeServerGone) -> Submission {
        do throws(DestinationError) {
            return try destination.submit(request, arrival: .now())
        } catch {
            throw PipeServerGone(unended: unended)
        }
    }

    /// How many lines sent have not ended.
    private var unended: Int { sent.count(where: { destination.timeline.times(of: $0)?.outcome == nil }) }

    /// Waits until every line has ended, then lets go; returns how many never did, because the server went away.
    func finish() -> Int {
        destination.timeline.waitUntilEnded(sent, timeout: .seconds(365 * 24 * 3_600))
        destination.finish()
        return unended
    }
}
