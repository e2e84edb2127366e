public import ServiceLifecycle

extension AnnouncementServer {
    /// The server's parts for a `ServiceGroup`, in the order they start: the synthesis supervisor, the
    /// playback, the connections, the scheduler and the listeners. The group stops them in the reverse
    /// order, which is `shutdown`'s: the listeners close; what waits is cancelled (or, with `drain`,
    /// spoken) until the scheduler is idle; the connections get their last events and close; the audio
    /// device closes; the synthesis worker ends. The socket files stay until `releaseSockets`.
    /// `ready` is called once the listeners accept connections.
    public func services(whenListening ready: @escaping @Sendable () -> Void) -> [any Service] {
        let engine = context.engine
        return [
            ServerPart("synthesis supervisor") { engine.stopSynthesis() },
            ServerPart("playback") { engine.finish() },
            ServerPart("connections") { self.closeConnections() },
            ServerPart("scheduler") { self.settle() },
            ServerPart("listeners", start: {
                // Binding takes well under a millisecond: it may block the pool that long.
                try self.start()
                ready()
            }, stop: { self.stopAccepting() }),
        ]
    }
}
