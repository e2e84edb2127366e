public import AnnouncerCore

/// One thing a flow says: a focus phrase (the screen reader reading an element) or an app's announcement.
public struct Utterance: Sendable, Hashable {
    /// Why it is said.
    public enum Kind: Sendable, Hashable {
        /// The screen reader reads the element focus moved to.
        case focus(ElementID)
        /// The app speaks through a live region.
        case announcement
    }

    public var text: String
    public var kind: Kind
    public var politeness: Politeness
    public var region: String?
    /// How long after the user's action the app makes it.
    public var delayMilliseconds: Int

    public init(text: String, kind: Kind, politeness: Politeness, region: String? = nil, delayMilliseconds: Int = 0) {
        self.text = text
        self.kind = kind
        self.politeness = politeness
        self.region = region
        self.delayMilliseconds = delayMilliseconds
    }

    public var isAnnouncement: Bool { kind == .announcement }
}
