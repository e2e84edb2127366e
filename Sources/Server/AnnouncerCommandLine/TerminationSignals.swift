import Dispatch
import Foundation
import Synchronization

/// Turns SIGTERM and SIGINT into one orderly stop, run once, on its own queue rather than in a signal handler.
public enum TerminationSignals {
    /// Kept for the life of the process: a source that is released stops delivering.
    private static let sources = Mutex<[any DispatchSourceSignal]>([])

    /// False while a command runs inside a program that keeps its own signals, as a test runs
    /// `announce`'s commands in its process: `install` then leaves the signals alone. A task-local value.
    @TaskLocal public static var ownedByCommand = true

    /// Calls `stop` with the signal's number the first time either signal arrives; later ones are ignored.
    public static func install(_ stop: @escaping @Sendable (Int32) -> Void) {
        guard ownedByCommand else { return }
        let queue = DispatchQueue(label: "announcer.termination")
        let once = OnceFlag()
        for signalNumber in [SIGTERM, SIGINT] {
            signal(signalNumber, SIG_IGN)
            // Made inside the lock, so the source goes straight into the list that keeps it.
            sources.withLock { sources in
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
                source.setEventHandler {
                    guard once.claim() else { return }
                    stop(signalNumber)
                }
                source.resume()
                sources.append(source)
            }
        }
        // The sources start listening when `queue` first runs them; until then the signals are ignored and lost.
        // Waiting here for `queue` means they listen once this returns.
        queue.sync {}
    }
}

/// True for the first caller only.
private final class OnceFlag: Sendable {
    private let taken = Atomic<Bool>(false)
    func claim() -> Bool { !taken.exchange(true, ordering: .acquiringAndReleasing) }
}
