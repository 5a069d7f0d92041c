/// A row of a product file that is not imported, with where it is and why, as the import's report lists it.
package struct RefusedRow: Sendable, Equatable, CustomStringConvertible {
    /// The row as a spreadsheet shows it, the header being row 1.
    package let row: Int
    /// The line it starts on in a text editor; differs from `row` past a quoted line break or a blank line.
    package let line: Int
    package let reason: String

    package init(row: Int, line: Int, reason: String) {
        self.row = row
        self.line = line
        self.reason = reason
    }

    init(_ record: CSVRecord, _ reason: String) {
        self.init(row: record.row, line: record.line, reason: reason)
    }

    /// `row 7: the price "12.5O" is not a number`, with the line where it is not the row.
    package var description: String {
        "row \(row)" + (line == row ? "" : " (line \(line))") + ": " + reason
    }
}
