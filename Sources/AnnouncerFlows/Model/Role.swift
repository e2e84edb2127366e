/// What an element is to a screen reader, as VoiceOver and TalkBack announce it.
public enum Role: String, Sendable, Hashable, CaseIterable {
    case header
    case textField = "text_field"
    case secureTextField = "secure_text_field"
    case button
    case toggle
    case `switch`
    /// A web page's check box, which screen readers name as such.
    case checkbox
    case image
    case imageButton = "image_button"
    case banner
    case link
    case staticText = "static_text"
    /// Several elements read as one swipe stop, such as a table row or a captcha row.
    case group

    /// True for what a user acts on: fields, buttons, toggles, links.
    public var isInteractive: Bool {
        switch self {
        case .textField, .secureTextField, .button, .toggle, .switch, .checkbox, .imageButton, .link: true
        case .header, .image, .banner, .staticText, .group: false
        }
    }

    /// True for fields a user types into, the only elements an error can be attached to.
    public var isTextField: Bool { self == .textField || self == .secureTextField }

    /// True for elements with an on/off state.
    public var isToggle: Bool { self == .toggle || self == .switch || self == .checkbox }

    /// The key of the role's word in a voice profile: `roles.text_field`.
    public var wordKey: String { "roles.\(rawValue)" }

    /// The names accepted in a flow file, for error messages.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
