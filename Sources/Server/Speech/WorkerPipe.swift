/// The worker's receiver of one request's events: each chunk straight from eSpeak's buffer into the
/// pipe to the server, each mark as a frame before it. A pipe that fails cancels the request.
struct WorkerPipe: SynthesisReceiver {
    let channel: FrameChannel
    let id: UInt32
    let cancellation: SynthesisCancellation

    func receive(_ event: SynthesisEvent) {
        switch event {
        case let .audio(chunk):
            if !channel.writeAudio(id: id, samples: chunk) { cancellation.cancel() }
        case let .mark(mark, samplesBefore):
            channel.write(.mark(id: id, mark: UInt32(clamping: mark), sample: UInt32(clamping: samplesBefore)))
        case .ended:
            // The worker's loop writes the end frame itself, once the engine returns.
            break
        }
    }
}
