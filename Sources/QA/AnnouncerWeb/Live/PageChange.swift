public import AnnouncerCore

/// A change a screen reader hears on a page: a live region's new text, or focus moved (by the user or
/// by the page's script), with the time the page made it, taken in the page and put on the monotonic clock.
public struct PageChange: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A live region changed: `region` is its element's id (or one given to it), `text` what is read.
        case live(region: String, politeness: Politeness, text: String)
        /// Focus moved to another element.
        case focus
    }

    public var kind: Kind
    /// When the page made the change: microseconds on CLOCK_MONOTONIC, the clock of `MonotonicInstant`.
    public var time: UInt64

    public init(kind: Kind, time: UInt64) {
        self.kind = kind
        self.time = time
    }
}
