import AnnouncerCore
import AnnouncerVoices
import ESpeak
import Speech

/// eSpeak NG's phonemes for text, through the real library, for comparing what is said.
enum Phonemes {
    /// The shipped profiles, read from `Voices/` of this source tree.
    static let library = VoiceLibrary.standard(environment: [:])

    static func profile(_ language: Language) -> VoiceProfile {
        guard let profile = library.profile(for: language) else {
            fatalError("No shipped profile for \(language): \(library.problems)")
        }
        return profile
    }

    /// What eSpeak says for `text` as given, in the profile's voice.
    static func raw(_ text: String, _ language: Language) throws -> String {
        try SynthesisThread.eSpeak().phonemes(of: text, voice: profile(language).espeakVoice)
    }

    /// What eSpeak says for `text` after the profile prepared it (normalization, lexicon, punctuation).
    static func prepared(_ text: String, _ language: Language, spelled: Bool = false, punctuation: PunctuationLevel = .some) throws -> String {
        let profile = profile(language)
        return try SynthesisThread.eSpeak().phonemes(
            of: profile.prepare(text, spelled: spelled, punctuationLevel: punctuation), voice: profile.espeakVoice)
    }
}
