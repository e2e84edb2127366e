/// A container around a focused element that a screen reader names as focus enters it: a group, list,
/// landmark, table, dialog or tab panel, with its name and size ("List with 2 items").
public struct ContextContainer: Sendable, Hashable {
    public var role: Role
    /// Chromium's role for it, which tells the same role's containers apart and names an `other` one.
    public var roleName: String
    public var name: String
    /// How many items a list, list box, tree, menu, tab list or radio group holds; nil when it is not counted.
    public var count: Int?
    /// A table's or grid's rows and columns.
    public var rows: Int?
    public var columns: Int?
    /// Which node it is, so that moving within it does not name it again.
    public var identity: Int

    /// The containers a move of focus leaves, innermost first, and enters, outermost first.
    public static func moves(from old: [ContextContainer], to new: [ContextContainer]) -> (entering: [ContextContainer], leaving: [ContextContainer]) {
        let oldIDs = Set(old.map(\.identity)), newIDs = Set(new.map(\.identity))
        return (new.filter { !oldIDs.contains($0.identity) }, old.filter { !newIDs.contains($0.identity) }.reversed())
    }

    public init(role: Role, roleName: String, name: String, count: Int? = nil, rows: Int? = nil, columns: Int? = nil, identity: Int) {
        self.role = role
        self.roleName = roleName
        self.name = name
        self.count = count
        self.rows = rows
        self.columns = columns
        self.identity = identity
    }
}
