public import AnnouncerCore

/// A described app screen flow: screens of elements with their semantics, and steps with expectations,
/// in one language; read from a YAML file (docs/FLOWS.md).
public struct Flow: Sendable, Hashable {
    public var name: String
    public var language: Language
    public var organisation: Organisation?
    /// The first screen is where the flow starts.
    public var screens: [Screen]
    public var steps: [Step]
    /// The file it was read from.
    public var file: String
    /// For a flow of a real page (`announce web check`): the page's URL, or its file's path, with no
    /// screens; its steps name elements by their label or their id in the page.
    public var page: String?
    /// The reader whose phrasing its plain `says` are written in (`style:`); VoiceOver's when it names none.
    public var style: ReaderStyle?

    public init(name: String, language: Language, organisation: Organisation? = nil, screens: [Screen], steps: [Step], file: String, page: String? = nil) {
        self.name = name
        self.language = language
        self.organisation = organisation
        self.screens = screens
        self.steps = steps
        self.file = file
        self.page = page
    }

    public func screen(_ id: ScreenID) -> Screen? { screens.first { $0.id == id } }
}

/// The organisation a flow is branded for, and its colours.
public struct Organisation: Sendable, Hashable {
    public var name: String
    public var colours: [String: RGBColour]

    public init(name: String, colours: [String: RGBColour] = [:]) {
        self.name = name
        self.colours = colours
    }
}
