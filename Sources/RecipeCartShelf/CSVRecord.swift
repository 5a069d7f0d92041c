/// One record of a CSV file with where it starts, for messages a grocer can find the row by.
package struct CSVRecord: Sendable, Equatable {
    /// The row a spreadsheet shows it on: records counted from 1, the header included, blank lines included.
    package let row: Int
    /// The line of the file it starts on, as a text editor counts them; past a quoted line break it is larger than
    /// `row`.
    package let line: Int
    package let fields: [String]

    package init(row: Int, line: Int, fields: [String]) {
        self.row = row
        self.line = line
        self.fields = fields
    }

    /// True when every field is empty, as spreadsheets write the rows under a table (`,,,,`).
    package var isBlank: Bool { fields.allSatisfy(\.isEmpty) }
}
