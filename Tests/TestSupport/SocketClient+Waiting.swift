public import AnnouncerProtocol

extension SocketClient {
    /// As `readEvents(until:timeout:)`, but read on a thread of its own while the test is suspended, so
    /// a wait for speech to end does not hold one of the cooperative pool's few threads.
    public func events(until done: @escaping (EventLine) -> Bool, timeout: Double = 20) async -> [EventLine] {
        // The client and the condition are used by that thread alone until it returns, and the test,
        // suspended meanwhile, touches neither.
        nonisolated(unsafe) let client = self, done = done
        return await offThread("socket events") { client.readEvents(until: done, timeout: timeout) }
    }

    /// As `readEvent(timeout:)`, read on a thread of its own while the test is suspended.
    public func event(timeout: Double = 10) async -> EventLine? {
        nonisolated(unsafe) let client = self
        return await offThread("socket event") { client.readEvent(timeout: timeout) }
    }

    /// As `readLine(timeout:)`, read on a thread of its own while the test is suspended.
    public func line(timeout: Double = 10) async -> String? {
        nonisolated(unsafe) let client = self
        return await offThread("socket line") { client.readLine(timeout: timeout) }
    }
}

/// As the blocking `speakAssertiveAndFollow`, but its events are read on a thread of their own while
/// the test is suspended.
public func speakAssertiveAndFollow(_ text: String, at socketPath: String, timeout: Double = 20) async throws -> [EventLine] {
    let client = try SocketClient(path: socketPath)
    let reply = client.request(#"{"request":"speak","politeness":"assertive","rate":450,"follow":true,"text":"\#(text)"}"#)
    guard let id = reply?.id else { return [] }
    return await client.events(until: isEnd(of: id), timeout: timeout)
}
