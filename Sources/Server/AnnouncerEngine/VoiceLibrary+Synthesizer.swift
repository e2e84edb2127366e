public import AnnouncerVoices
public import Speech

extension VoiceLibrary {
    /// Adds every language `catalog`'s eSpeak NG speaks, so those without a profile speak with its own voice.
    public mutating func addSynthesizerLanguages(from catalog: ESpeakCatalog) {
        addSynthesizerLanguages(catalog.voices.flatMap { voice in voice.languages.map { ($0, voice.name) } })
    }
}
