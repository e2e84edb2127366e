public import ServiceLifecycle
public import UnixSignals

/// Runs an action each time one of its signals arrives, while its `ServiceGroup` runs: SIGHUP's reload
/// of the voice profiles, the log line for a signal that means nothing here. The signals are trapped
/// when it is made, so none is lost (nor ends the process) between then and the group's start.
public struct SignalActionService: Service, CustomStringConvertible {
    public let description = "signal actions"
    private let signals: UnixSignalsSequence
    private let action: @Sendable (UnixSignal) -> Void

    /// Traps `signals` now; `action` runs for each that arrives once the service runs, one at a time.
    public init(trapping signals: [UnixSignal], action: @escaping @Sendable (UnixSignal) -> Void) async {
        self.signals = await UnixSignalsSequence(trapping: signals)
        self.action = action
    }

    public func run() async throws {
        for await signal in signals.cancelOnGracefulShutdown() {
            await ServerPart.offThePool { action(signal) }
        }
    }
}
