/// A row of a product file that is not imported, with where it is and why, as the import's report lists it.
public struct RefusedRow: Sendable, Equatable, CustomStringConvertible {
    /// The row as a spreadsheet shows it, the header being row 1.
    public let row: Int
    /// The line it starts on in a text editor; differs from `row` past a quoted line break or a blank line.
    public let line: Int
    public let reason: String

    public init(row: Int, line: Int, reason: String) {
        self.row = row
        self.line = line
        self.reason = reason
    }

    init(_ record: CSVRecord, _ reason: String) {
        self.init(row: record.row, line: record.line, reason: reason)
    }

    /// `row 7: the price "12.5O" is not a number`, with the line where it is not the row.
    public var description: String {
        "row \(row)" + (line == row ? "" : " (line \(line))") + ": " + reason
    }
}
