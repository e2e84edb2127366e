public import AnnouncerCore

/// A WCAG 2.2 success criterion that `flow check --report` gives evidence for, with its number, level
/// and name in English and in the Norwegian translation (uutilsynet.no).
public enum WCAGCriterion: String, Sendable, Hashable, CaseIterable, Comparable {
    case nonTextContent = "1.1.1"
    case infoAndRelationships = "1.3.1"
    case contrastMinimum = "1.4.3"
    case keyboard = "2.1.1"
    case focusOrder = "2.4.3"
    case headingsAndLabels = "2.4.6"
    case labelInName = "2.5.3"
    case errorIdentification = "3.3.1"
    case labelsOrInstructions = "3.3.2"
    case accessibleAuthenticationMinimum = "3.3.8"
    case nameRoleValue = "4.1.2"
    case statusMessages = "4.1.3"

    /// The number, such as `1.4.3`.
    public var number: String { rawValue }

    /// A or AA.
    public var level: String {
        switch self {
        case .contrastMinimum, .headingsAndLabels, .accessibleAuthenticationMinimum, .statusMessages: "AA"
        default: "A"
        }
    }

    /// The criterion's name in `language` (English for any language but Bokmål).
    public func name(in language: Language) -> String {
        language.rawValue == "nb" ? norwegianName : englishName
    }

    private var englishName: String {
        switch self {
        case .nonTextContent: "Non-text Content"
        case .infoAndRelationships: "Info and Relationships"
        case .contrastMinimum: "Contrast (Minimum)"
        case .keyboard: "Keyboard"
        case .focusOrder: "Focus Order"
        case .headingsAndLabels: "Headings and Labels"
        case .labelInName: "Label in Name"
        case .errorIdentification: "Error Identification"
        case .labelsOrInstructions: "Labels or Instructions"
        case .accessibleAuthenticationMinimum: "Accessible Authentication (Minimum)"
        case .nameRoleValue: "Name, Role, Value"
        case .statusMessages: "Status Messages"
        }
    }

    private var norwegianName: String {
        switch self {
        case .nonTextContent: "Ikke-tekstlig innhold"
        case .infoAndRelationships: "Informasjon og relasjoner"
        case .contrastMinimum: "Kontrast (minimum)"
        case .keyboard: "Tastatur"
        case .focusOrder: "Fokusrekkefølge"
        case .headingsAndLabels: "Overskrifter og ledetekster"
        case .labelInName: "Ledetekst i navn"
        case .errorIdentification: "Identifikasjon av feil"
        case .labelsOrInstructions: "Ledetekster eller instruksjoner"
        case .accessibleAuthenticationMinimum: "Tilgjengelig autentisering (minimum)"
        case .nameRoleValue: "Navn, rolle, verdi"
        case .statusMessages: "Statusbeskjeder"
        }
    }

    /// W3C's page explaining the criterion.
    public var understandingAddress: String {
        let slug: String = switch self {
        case .nonTextContent: "non-text-content"
        case .infoAndRelationships: "info-and-relationships"
        case .contrastMinimum: "contrast-minimum"
        case .keyboard: "keyboard"
        case .focusOrder: "focus-order"
        case .headingsAndLabels: "headings-and-labels"
        case .labelInName: "label-in-name"
        case .errorIdentification: "error-identification"
        case .labelsOrInstructions: "labels-or-instructions"
        case .accessibleAuthenticationMinimum: "accessible-authentication-minimum"
        case .nameRoleValue: "name-role-value"
        case .statusMessages: "status-messages"
        }
        return "https://www.w3.org/WAI/WCAG22/Understanding/\(slug).html"
    }

    /// In the order of the standard.
    public static func < (lhs: WCAGCriterion, rhs: WCAGCriterion) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
