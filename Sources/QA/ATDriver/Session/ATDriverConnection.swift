/// Where one client's answers and events go: its WebSocket, or a test's recorder.
protocol ATDriverConnection: AnyObject, Sendable {
    /// Sends one message, from any thread, without waiting for it to be written; messages leave in the order sent.
    func send(_ text: String)
}
