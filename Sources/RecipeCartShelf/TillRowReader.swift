/// Turns one row of a till's file into a product, for one format; a reader may remember earlier rows (Shopify's
/// later variant rows leave the product's title to its first row).
protocol TillRowReader {
    init(header: HeaderColumns, currency: Currency) throws(ProductFileRefusal)

    /// The row's product; nil for a row that is no product and is skipped without a refusal.
    mutating func product(from record: CSVRecord) throws(RowRefusal) -> ImportedProduct?
}

extension CSVRecord {
    /// A cell's text without surrounding spaces; empty when the column is missing or the row is short, as
    /// spreadsheets leave trailing empty cells out.
    func cell(_ column: Int?) -> String {
        guard let column, column < fields.count else { return "" }
        let text = fields[column]
        let mayNeedTrimming: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 >= 0x80 }
        guard let first = text.utf8.first, let last = text.utf8.last, mayNeedTrimming(first) || mayNeedTrimming(last)
        else { return text }
        return String(text.tillTrimmed)
    }

    /// A cell as the file has it, spaces and all, for checks of how it starts; empty when the row is short.
    func rawCell(_ column: Int?) -> String {
        guard let column, column < fields.count else { return "" }
        return fields[column]
    }
}
