import AnnouncerCommandLine
import AnnouncerEngine
import Dispatch
import Foundation

/// On SIGINT or SIGTERM, cancels everything waiting and speaking, so each announcement still
/// ends with an outcome on the timeline, then exits with 128 plus the signal's number.
enum InterruptHandling {
    static func install(engine: SpeechEngine, writer: JSONLinesTimelineWriter?) {
        TerminationSignals.install { signalNumber in
            engine.scheduler.cancel(.all)
            engine.scheduler.whenIdle {
                writer?.flush()
                exit(128 + signalNumber)
            }
        }
    }

    /// With a server, what was accepted is the server's to speak: Ctrl-C only ends this command.
    /// It exits at once; the kernel closes the connection.
    static func installForServer() {
        TerminationSignals.install { signalNumber in exit(128 + signalNumber) }
    }
}
