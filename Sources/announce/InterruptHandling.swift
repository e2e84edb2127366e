import AnnouncerEngine
import Dispatch
import Foundation

/// On SIGINT or SIGTERM, cancels everything waiting and speaking, so each announcement still
/// ends with an outcome on the timeline, then exits with 128 plus the signal's number.
enum InterruptHandling {
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    static func install(engine: SpeechEngine, writer: JSONLinesTimelineWriter?) {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                engine.scheduler.cancel(.all)
                engine.scheduler.whenIdle {
                    writer?.flush()
                    exit(128 + signalNumber)
                }
            }
            source.resume()
            sources.append(source)
        }
    }
}
