/// Where one request's `SynthesisEvent`s go: told each on the synthesizing thread, in order, ending
/// with exactly one `.ended`. A receiver that wants no more audio cancels the request's `SynthesisCancellation`.
public protocol SynthesisReceiver: Sendable {
    func receive(_ event: SynthesisEvent)
}
