/// Where an item is among its siblings, said "2 of 3": `aria-posinset` and `aria-setsize`, or as
/// Chromium counts the radio buttons, tabs, options, menu items or tree items of one container.
public struct SetPosition: Sendable, Hashable {
    /// From 1.
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }
}
