import Speech

/// A receiver that hands each of one request's events to a closure, for tests that watch it.
struct EventCallback: SynthesisReceiver {
    let handle: @Sendable (SynthesisEvent) -> Void

    init(_ handle: @escaping @Sendable (SynthesisEvent) -> Void) { self.handle = handle }

    func receive(_ event: SynthesisEvent) { handle(event) }
}

/// A preparation that appends a fixed sentence, to tell prepared text from the text given.
struct AppendingPreparation: TextPreparation {
    let sentence: String

    func prepare(_ text: String) -> String { text + sentence }
}
