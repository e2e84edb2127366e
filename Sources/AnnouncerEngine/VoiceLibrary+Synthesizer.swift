public import AnnouncerVoices
import Speech

extension VoiceLibrary {
    /// Adds every language the installed eSpeak NG speaks, so those without a profile speak with its own voice.
    public mutating func addInstalledSynthesizerLanguages() {
        addSynthesizerLanguages(ESpeakCatalog.installed.voices.flatMap { voice in voice.languages.map { ($0, voice.name) } })
    }
}
