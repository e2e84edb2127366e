import Dispatch
import Glibc

/// Runs an action when a signal arrives, on a queue of its own rather than inside a signal handler:
/// SIGHUP's reload of the voice profiles, the log line for a signal that means nothing here.
public enum SignalActions {
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []
    private static let queue = DispatchQueue(label: "announcer.signals")

    /// Calls `action` each time `signalNumber` arrives; the signal no longer ends the process.
    public static func on(_ signalNumber: Int32, _ action: @escaping @Sendable () -> Void) {
        signal(signalNumber, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
        source.setEventHandler(handler: action)
        source.resume()
        queue.sync { sources.append(source) }
    }
}
