import Blocking
public import ServiceLifecycle

/// One part of a server run under swift-service-lifecycle's `ServiceGroup`: it starts when the group
/// runs, and is stopped, by a blocking step run on a thread of its own, when the group shuts down
/// gracefully (SIGTERM, SIGINT) or is cancelled. The group stops its parts in the reverse order.
public struct ServerPart: Service, CustomStringConvertible {
    public let description: String
    private let start: @Sendable () async throws -> Void
    private let stop: @Sendable () -> Void

    /// A part named `name` (for logs) that runs `start`, then waits to be stopped by `stop`.
    /// When `start` throws, `stop` is not run and the error ends the group.
    public init(
        _ name: String, start: @escaping @Sendable () async throws -> Void = {}, stop: @escaping @Sendable () -> Void
    ) {
        description = name
        self.start = start
        self.stop = stop
    }

    public func run() async throws {
        try await start()
        // Cancelled (another part failed) or told to shut down: either way this part stops now.
        try? await gracefulShutdown()
        await Self.offThePool(stop)
    }

    /// Runs `work`, which blocks, on a dedicated thread, so it never holds one of the few threads of the
    /// cooperative pool; returns when it is done.
    static func offThePool(_ work: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DedicatedThread.start(name: "announcer.stopping") {
                work()
                done.resume()
            }
        }
    }
}
