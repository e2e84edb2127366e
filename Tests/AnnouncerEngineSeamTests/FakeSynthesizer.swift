import Dispatch
import Foundation
import SeamTestSupport
import Speech

/// A synthesizer without eSpeak NG: each word becomes one chunk of 441 samples (20 ms) of the value
/// `sample`, each mark is told before the words after it, and the voice
/// `xx-missing` fails as eSpeak does. It keeps the voice and prepared text of each request it speaks.
final class FakeSynthesizer: Synthesizer {
    let sampleRate = 22_050
    let catalog = ESpeakCatalog(voices: [])
    let sample: Int16
    /// The voice and prepared text of each request synthesized, in order.
    let spoken = Locked<[String]>([])
    private let queue = DispatchQueue(label: "fake-synthesizer")

    init(sample: Int16 = 7) { self.sample = sample }

    func enqueue(_ request: SynthesisRequest) {
        queue.async { [self] in
            guard !request.isCancelled() else { return request.finish(.aborted) }
            if request.voice == "xx-missing" { return request.finish(.failed(.voiceNotFound(request.voice))) }
            let text = request.preparation?(request.text) ?? request.text
            spoken.update { $0.append(text) }
            var delivered = 0
            let chunk = [Int16](repeating: sample, count: 441)
            for (index, piece) in text.components(separatedBy: "<mark name=\"").enumerated() {
                var words = Substring(piece)
                if index > 0, let close = piece.range(of: "\"/>") {
                    request.reachedMark?(Int(piece[..<close.lowerBound]) ?? -1, delivered)
                    words = piece[close.upperBound...]
                }
                // Announcer's own markup between the words (`<break>`, `<emphasis>`) is no word.
                let plain = words.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
                for word in plain.split(whereSeparator: \.isWhitespace) where word.contains(where: \.isLetter) {
                    guard chunk.withUnsafeBufferPointer(request.deliver) else { return request.finish(.aborted) }
                    delivered += chunk.count
                }
            }
            request.finish(.completed)
        }
    }
}
