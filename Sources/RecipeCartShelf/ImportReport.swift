/// What an import did, as the command and the staff page end with it: the products added, updated and unchanged
/// (which the store fills in), the rows refused with their reasons, and the rows skipped.
package struct ImportReport: Sendable, Equatable {
    package var added = 0
    package var updated = 0
    package var unchanged = 0
    package var refused: [RefusedRow]
    package var skippedRows: Int

    package init(refused: [RefusedRow], skippedRows: Int = 0) {
        self.refused = refused
        self.skippedRows = skippedRows
    }

    /// A report of a file read but not yet applied: its refusals and skips.
    package init(file: ProductFile) {
        self.init(refused: file.refused, skippedRows: file.skippedRows)
    }

    /// `12 added, 3 updated, 0 unchanged, 2 refused`.
    package var summary: String {
        "\(added) added, \(updated) updated, \(unchanged) unchanged, \(refused.count) refused"
    }
}
