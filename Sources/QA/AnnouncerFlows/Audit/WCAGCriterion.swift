public import AnnouncerCore

/// A WCAG 2.2 success criterion of level A or AA that `flow check --report` gives evidence for, with its
/// number, level and name in English and in the Norwegian translation (uutilsynet.no). The flow's own
/// checks speak to the criteria that are `alwaysReported`; the others come from the checks of a real
/// page (axe-core's rules and the layout checks), and are reported when those checks found something.
public enum WCAGCriterion: String, Sendable, Hashable, CaseIterable, Comparable {
    case nonTextContent = "1.1.1"
    case audioOnlyAndVideoOnly = "1.2.1"
    case captionsPrerecorded = "1.2.2"
    case infoAndRelationships = "1.3.1"
    case orientation = "1.3.4"
    case identifyInputPurpose = "1.3.5"
    case useOfColor = "1.4.1"
    case audioControl = "1.4.2"
    case contrastMinimum = "1.4.3"
    case resizeText = "1.4.4"
    case textSpacing = "1.4.12"
    case keyboard = "2.1.1"
    case timingAdjustable = "2.2.1"
    case pauseStopHide = "2.2.2"
    case bypassBlocks = "2.4.1"
    case pageTitled = "2.4.2"
    case focusOrder = "2.4.3"
    case linkPurposeInContext = "2.4.4"
    case headingsAndLabels = "2.4.6"
    case focusVisible = "2.4.7"
    case focusNotObscuredMinimum = "2.4.11"
    case labelInName = "2.5.3"
    case targetSizeMinimum = "2.5.8"
    case languageOfPage = "3.1.1"
    case languageOfParts = "3.1.2"
    case consistentHelp = "3.2.6"
    case errorIdentification = "3.3.1"
    case labelsOrInstructions = "3.3.2"
    case redundantEntry = "3.3.7"
    case accessibleAuthenticationMinimum = "3.3.8"
    case nameRoleValue = "4.1.2"
    case statusMessages = "4.1.3"

    /// The number, such as `1.4.3`.
    public var number: String { rawValue }

    /// A or AA.
    public var level: String {
        switch self {
        case .orientation, .identifyInputPurpose, .contrastMinimum, .resizeText, .textSpacing, .headingsAndLabels, .focusVisible, .focusNotObscuredMinimum, .targetSizeMinimum, .languageOfParts, .accessibleAuthenticationMinimum, .statusMessages: "AA"
        default: "A"
        }
    }

    /// Whether every report lists the criterion, whatever was checked: the flow's own checks speak to it.
    public var alwaysReported: Bool {
        switch self {
        case .nonTextContent, .infoAndRelationships, .contrastMinimum, .keyboard, .focusOrder, .headingsAndLabels, .labelInName, .errorIdentification, .labelsOrInstructions, .accessibleAuthenticationMinimum, .nameRoleValue, .statusMessages: true
        default: false
        }
    }

    /// The criterion of one of axe-core's tags, such as `wcag143` for 1.4.3; nil for other tags, and for
    /// criteria WCAG 2.2 no longer has (4.1.1) or of level AAA.
    public init?(axeTag tag: String) {
        guard tag.hasPrefix("wcag"), tag.count >= 7, tag.dropFirst(4).allSatisfy(\.isNumber) else { return nil }
        let digits = Array(tag.dropFirst(4))
        self.init(rawValue: "\(digits[0]).\(digits[1]).\(String(digits[2...]))")
    }

    /// The criterion's name in `language` (English for any language but Bokmål).
    public func name(in language: Language) -> String {
        language.rawValue == "nb" ? norwegianName : englishName
    }

    private var englishName: String {
        switch self {
        case .nonTextContent: "Non-text Content"
        case .audioOnlyAndVideoOnly: "Audio-only and Video-only (Prerecorded)"
        case .captionsPrerecorded: "Captions (Prerecorded)"
        case .infoAndRelationships: "Info and Relationships"
        case .orientation: "Orientation"
        case .identifyInputPurpose: "Identify Input Purpose"
        case .useOfColor: "Use of Color"
        case .audioControl: "Audio Control"
        case .contrastMinimum: "Contrast (Minimum)"
        case .resizeText: "Resize Text"
        case .textSpacing: "Text Spacing"
        case .keyboard: "Keyboard"
        case .timingAdjustable: "Timing Adjustable"
        case .pauseStopHide: "Pause, Stop, Hide"
        case .bypassBlocks: "Bypass Blocks"
        case .pageTitled: "Page Titled"
        case .focusOrder: "Focus Order"
        case .linkPurposeInContext: "Link Purpose (In Context)"
        case .headingsAndLabels: "Headings and Labels"
        case .focusVisible: "Focus Visible"
        case .focusNotObscuredMinimum: "Focus Not Obscured (Minimum)"
        case .labelInName: "Label in Name"
        case .targetSizeMinimum: "Target Size (Minimum)"
        case .languageOfPage: "Language of Page"
        case .languageOfParts: "Language of Parts"
        case .consistentHelp: "Consistent Help"
        case .errorIdentification: "Error Identification"
        case .labelsOrInstructions: "Labels or Instructions"
        case .redundantEntry: "Redundant Entry"
        case .accessibleAuthenticationMinimum: "Accessible Authentication (Minimum)"
        case .nameRoleValue: "Name, Role, Value"
        case .statusMessages: "Status Messages"
        }
    }

    private var norwegianName: String {
        switch self {
        case .nonTextContent: "Ikke-tekstlig innhold"
        case .audioOnlyAndVideoOnly: "Bare lyd og bare video (forhåndsinnspilt)"
        case .captionsPrerecorded: "Teksting (forhåndsinnspilt)"
        case .infoAndRelationships: "Informasjon og relasjoner"
        case .orientation: "Visningsretning"
        case .identifyInputPurpose: "Identifiser formål med inndata"
        case .useOfColor: "Bruk av farge"
        case .audioControl: "Styring av lyd"
        case .contrastMinimum: "Kontrast (minimum)"
        case .resizeText: "Endring av tekststørrelse"
        case .textSpacing: "Tekstavstand"
        case .keyboard: "Tastatur"
        case .timingAdjustable: "Justerbar hastighet"
        case .pauseStopHide: "Pause, stopp, skjul"
        case .bypassBlocks: "Hoppe over blokker"
        case .pageTitled: "Sidetitler"
        case .focusOrder: "Fokusrekkefølge"
        case .linkPurposeInContext: "Formål med lenke (i kontekst)"
        case .headingsAndLabels: "Overskrifter og ledetekster"
        case .focusVisible: "Synlig fokus"
        case .focusNotObscuredMinimum: "Fokus ikke skjult (minimum)"
        case .labelInName: "Ledetekst i navn"
        case .targetSizeMinimum: "Størrelse på målområde (minimum)"
        case .languageOfPage: "Språk på siden"
        case .languageOfParts: "Språk på deler av innhold"
        case .consistentHelp: "Konsekvent hjelp"
        case .errorIdentification: "Identifikasjon av feil"
        case .labelsOrInstructions: "Ledetekster eller instruksjoner"
        case .redundantEntry: "Overflødig inntasting"
        case .accessibleAuthenticationMinimum: "Tilgjengelig autentisering (minimum)"
        case .nameRoleValue: "Navn, rolle, verdi"
        case .statusMessages: "Statusbeskjeder"
        }
    }

    /// W3C's page explaining the criterion.
    public var understandingAddress: String {
        let slug: String = switch self {
        case .nonTextContent: "non-text-content"
        case .audioOnlyAndVideoOnly: "audio-only-and-video-only-prerecorded"
        case .captionsPrerecorded: "captions-prerecorded"
        case .infoAndRelationships: "info-and-relationships"
        case .orientation: "orientation"
        case .identifyInputPurpose: "identify-input-purpose"
        case .useOfColor: "use-of-color"
        case .audioControl: "audio-control"
        case .contrastMinimum: "contrast-minimum"
        case .resizeText: "resize-text"
        case .textSpacing: "text-spacing"
        case .keyboard: "keyboard"
        case .timingAdjustable: "timing-adjustable"
        case .pauseStopHide: "pause-stop-hide"
        case .bypassBlocks: "bypass-blocks"
        case .pageTitled: "page-titled"
        case .focusOrder: "focus-order"
        case .linkPurposeInContext: "link-purpose-in-context"
        case .headingsAndLabels: "headings-and-labels"
        case .focusVisible: "focus-visible"
        case .focusNotObscuredMinimum: "focus-not-obscured-minimum"
        case .labelInName: "label-in-name"
        case .targetSizeMinimum: "target-size-minimum"
        case .languageOfPage: "language-of-page"
        case .languageOfParts: "language-of-parts"
        case .consistentHelp: "consistent-help"
        case .errorIdentification: "error-identification"
        case .labelsOrInstructions: "labels-or-instructions"
        case .redundantEntry: "redundant-entry"
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
