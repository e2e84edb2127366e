import Ducking
import Glibc
import PulseAudio

/// `announcer-duck`: lowers every other playback stream on the PulseAudio or PipeWire server while
/// announcerd speaks, as the lines on its standard input say (`speaking`, `quiet`), and gives each its
/// own volume back `--hold` milliseconds after the last speech. announcerd starts it for `--duck`.
/// When its input ends (announcerd ended, in any way) or on SIGTERM, it gives every volume back and exits.
@main
enum AnnouncerDuck {
    static func main() {
        guard let options = DuckOptions(arguments: Array(CommandLine.arguments.dropFirst())) else {
            DuckLog.say("It is started by announcerd --duck, with --decibels DB --hold MS --exempt-pid PID --state-folder DIR.")
            exit(2)
        }
        Stopping.install()
        let session = DuckSession(ducker: Ducker(decibels: options.decibels, exemptProcessIDs: [options.exemptProcessID, getpid()]))
        var lastFailure: String?
        /// Connects when not connected; one line for each new reason it cannot.
        func connect() {
            if let connection = session.connection, connection.locked({ connection.isConnected }) { return }
            if let old = session.connection {
                old.close()
                session.connection = nil
            }
            do throws(PulseAudioError) {
                let connection = try PulseAudioConnection(name: "announcer duck") { session.handle($0) }
                DuckedStreamsFile.makeFolder(options.stateFolder)
                let server = connection.server
                connection.locked {
                    session.connection = connection
                    session.stateFile = DuckedStreamsFile(folder: options.stateFolder, server: server)
                    session.recover()
                }
                lastFailure = nil
            } catch {
                if error.description != lastFailure {
                    DuckLog.say("The sound server could not be reached (\(error)), so other audio is not lowered while announcer speaks.")
                    lastFailure = error.description
                }
            }
        }
        connect()

        let hold = Int64(options.holdMilliseconds)
        var restoreAt: Int64?
        var input = InputLines(descriptor: STDIN_FILENO)
        reading: while true {
            let timeout = restoreAt.map { Int32(clamping: max(0, $0 - Clock.milliseconds())) } ?? -1
            switch input.next(timeout: timeout, orStop: Stopping.descriptor) {
            case .stop, .end:
                break reading
            case .timedOut:
                restoreAt = nil
                session.connection?.locked { session.restore() }
            case let .line(line):
                switch SpeakingLine(rawValue: line) {
                case .speaking:
                    restoreAt = nil
                    connect()
                    session.connection?.locked { session.duck() }
                case .quiet:
                    restoreAt = Clock.milliseconds() + hold
                case nil:
                    DuckLog.say("Ignored a line that is neither speaking nor quiet.")
                }
            }
        }
        if let connection = session.connection {
            connection.locked {
                session.restore()
                connection.waitForAnswers()
            }
            connection.close()
        }
        exit(0)
    }
}

/// The monotonic clock in milliseconds.
enum Clock {
    static func milliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000 + Int64(now.tv_nsec) / 1_000_000
    }
}
