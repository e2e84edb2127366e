import Dispatch
import Glibc
import Synchronization

/// Runs an action when a signal arrives, on a queue of its own rather than inside a signal handler:
/// SIGHUP's reload of the voice profiles, the log line for a signal that means nothing here.
public enum SignalActions {
    /// Kept for the life of the process: a source that is released stops delivering.
    private static let sources = Mutex<[any DispatchSourceSignal]>([])
    private static let queue = DispatchQueue(label: "announcer.signals")

    /// Calls `action` each time `signalNumber` arrives; the signal no longer ends the process.
    public static func on(_ signalNumber: Int32, _ action: @escaping @Sendable () -> Void) {
        signal(signalNumber, SIG_IGN)
        // Made inside the lock, so the source goes straight into the list that keeps it.
        sources.withLock { sources in
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler(handler: action)
            source.resume()
            sources.append(source)
        }
        // The source starts listening when `queue` first runs it; until then the signal is ignored and lost.
        // Waiting here for `queue` means it listens once this returns.
        queue.sync {}
    }
}
