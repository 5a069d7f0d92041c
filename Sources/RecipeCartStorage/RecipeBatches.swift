/// Splits rows into runs in which no id appears twice, in order: a statement that writes a batch at once cannot
/// write one row twice, and the later of two rows for one id must land over the earlier.
package enum RecipeBatches {
    package static func split<Row, ID: Hashable>(_ rows: [Row], id: (Row) -> ID) -> [[Row]] {
        var batches: [[Row]] = []
        var seen: Set<ID> = []
        for row in rows {
            if batches.isEmpty || !seen.insert(id(row)).inserted {
                batches.append([])
                seen = [id(row)]
            }
            batches[batches.count - 1].append(row)
        }
        return batches
    }
}
