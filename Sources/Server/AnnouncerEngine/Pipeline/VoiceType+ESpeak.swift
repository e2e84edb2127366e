import AnnouncerCore

extension VoiceType {
    /// The eSpeak NG variant that speaks this voice type, as Speech Dispatcher 0.11's eSpeak NG module
    /// chooses it (measured there: its `espeak_SetVoiceByProperties` picks these for every language);
    /// nil for the voice's own. eSpeak has no child variants, so children get the first female one, as there.
    var espeakVariant: String? {
        switch self {
        case .male1: nil
        case .male2: "m2"
        case .male3: "m3"
        case .female1, .childMale, .childFemale: "f2"
        case .female2: "f3"
        case .female3: "f4"
        }
    }

    /// `voice` spoken as this type: its base voice with this type's variant in place of any it had.
    func espeakVoice(from voice: String) -> String {
        guard let variant = espeakVariant else { return voice }
        return String(voice.prefix { $0 != "+" }) + "+" + variant
    }
}
