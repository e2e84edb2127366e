import Dispatch
import Foundation
public import Speech

/// A synthesizer without eSpeak NG: each word becomes one chunk of `samplesPerWord` samples (441,
/// 20 ms, unless told) of the value `sample`, each mark is told before the words after it, and the voice
/// `xx-missing` fails as eSpeak does. It keeps the prepared text of each request it speaks, and stops a
/// request at its next word once it is cancelled, as eSpeak NG stops at its next chunk.
public final class FakeSynthesizer: Synthesizer {
    public let sampleRate = 22_050
    public let catalog = ESpeakCatalog(voices: [])
    public let sample: Int16
    /// How long each word is, in samples at 22,050 a second.
    public let samplesPerWord: Int
    /// The prepared text of each request synthesized, in order.
    public let spoken = Locked<[String]>([])
    /// Each request as it was queued, in order: the values the engine gave.
    public let requests = Locked<[SynthesisRequest]>([])
    private let queue = DispatchQueue(label: "fake-synthesizer")

    public init(sample: Int16 = 7, samplesPerWord: Int = 441) {
        self.sample = sample
        self.samplesPerWord = samplesPerWord
    }

    public func enqueue(_ request: SynthesisRequest, cancellation: SynthesisCancellation, to receiver: any SynthesisReceiver) {
        requests.update { $0.append(request) }
        queue.async { [self] in
            receiver.receive(.ended(synthesize(request, cancellation: cancellation, to: receiver)))
        }
    }

    private func synthesize(_ request: SynthesisRequest, cancellation: SynthesisCancellation, to receiver: any SynthesisReceiver) -> SynthesisEnd {
        guard !cancellation.isCancelledBeforeStart() else { return .aborted }
        if request.voice == "xx-missing" { return .failed(.voiceNotFound(request.voice)) }
        let text = request.prepared.text
        spoken.update { $0.append(text) }
        var delivered = 0
        let chunk = [Int16](repeating: sample, count: samplesPerWord)
        for (index, piece) in text.components(separatedBy: "<mark name=\"").enumerated() {
            var words = Substring(piece)
            if index > 0, let close = piece.range(of: "\"/>") {
                receiver.receive(.mark(Int(piece[..<close.lowerBound]) ?? -1, samplesBefore: delivered))
                words = piece[close.upperBound...]
            }
            // Announcer's own markup between the words (`<break>`, `<emphasis>`) is no word.
            let plain = words.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
            for word in plain.split(whereSeparator: \.isWhitespace) where word.contains(where: \.isLetter) {
                guard !cancellation.isCancelled else { return .aborted }
                chunk.withUnsafeBufferPointer { receiver.receive(.audio($0)) }
                delivered += chunk.count
            }
        }
        return cancellation.isCancelled ? .aborted : .completed
    }
}
