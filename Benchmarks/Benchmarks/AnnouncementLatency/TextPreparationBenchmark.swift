import AnnouncerCore
import AnnouncerVoices
import Benchmark

/// What the voice profiles add before synthesis: normalization, lexicon and punctuation for one
/// announcement, on the synthesis thread, ahead of its first audio.
enum TextPreparationBenchmark {
    /// Sentences with something for every table: a clock time, a date, an address, lexicon words.
    static let sentences: [(Language, String)] = [
        (.english, "Error: Sign in with BankID or Face ID before 14:30 on 2026-11-21, or write to post@nhf.no."),
        (.norwegianBokmal, "Feil: Logg inn med BankID eller e-post før kl. 14:30 den 21.11.2026, f.eks. ola@nhf.no."),
        (.english, "Error: Must be a valid email address."),
        (.norwegianBokmal, "Feil: Skriv inn en gyldig e-postadresse."),
    ]

    static func register() {
        Benchmark(
            "Text preparation per announcement (normalization, lexicon, punctuation)",
            configuration: .perOperation
        ) { (benchmark: Benchmark, profiles: [VoiceProfile]) in
            benchmark.startMeasurement()
            for index in benchmark.scaledIterations {
                let (profile, sentence) = (profiles[index % profiles.count], sentences[index % sentences.count].1)
                blackHole(profile.prepare(sentence))
            }
        } setup: {
            let library = VoiceLibrary.standard()
            return sentences.map { library.profile(for: $0.0)! }
        }
    }
}
