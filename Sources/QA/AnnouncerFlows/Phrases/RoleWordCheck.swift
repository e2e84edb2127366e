public import AnnouncerVoices

/// The one sentence at load for each role a flow uses that its voice profile has no word for, so a
/// profile written before the role existed is never silently misread: the role is then said by its name.
public enum RoleWordCheck {
    public static func sentences(flow: Flow, profile: VoiceProfile, style: ReaderStyle) -> [String] {
        var roles: Set<Role> = []
        for screen in flow.screens {
            for element in screen.elements {
                roles.insert(element.role)
                for child in element.children { roles.insert(child.role) }
            }
        }
        let file = profile.sources.last ?? "the \(profile.language.rawValue) voice profile"
        return PhraseComposer(profile: profile, style: style).rolesWithoutWords(roles).map { role in
            "The role \(role.rawValue) has no word in \(file) (words.roles.\(role.rawValue)), so it is read as \"\(role.rawValue.replacingOccurrences(of: "_", with: " "))\"."
        }
    }
}
