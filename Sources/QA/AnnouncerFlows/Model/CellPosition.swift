/// Where a cell of a table or grid is: its row and column, from 1, and the headers that name them.
public struct CellPosition: Sendable, Hashable {
    public var row: Int
    public var column: Int
    /// The text of the row's header cell, when the row has one and this is not it.
    public var rowHeader: String?
    /// The text of the column's header cell, when the column has one and this is not it.
    public var columnHeader: String?

    /// The text of every cell of its row, in order, as Orca reads a row when focus comes into its table.
    public var rowText: [String]?

    public init(row: Int, column: Int, rowHeader: String? = nil, columnHeader: String? = nil, rowText: [String]? = nil) {
        self.row = row
        self.column = column
        self.rowHeader = rowHeader
        self.columnHeader = columnHeader
        self.rowText = rowText
    }
}
