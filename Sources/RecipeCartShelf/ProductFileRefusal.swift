/// Why a whole product file is refused before any of its rows is read; the description is what the grocer is told.
package enum ProductFileRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// Over `ProductFile.largestByteCount`, refused from its size alone.
    case tooLarge(byteCount: Int)
    /// Not UTF-8, UTF-16, or a quote never closed.
    case unreadable(CSVError)
    /// No header line at all.
    case empty
    /// A header line of none of the formats; the first few column names are kept to show.
    case unknownFormat(header: [String])
    /// A header of a known (or named) format without columns it needs, each named with its other names.
    case missingColumns(TillFormat, [String])

    package var description: String {
        switch self {
        case .tooLarge(let byteCount):
            let megabytes = (byteCount + 524_288) / 1_048_576
            return "the file is \(megabytes) MB, over the 20 MB a product file may be"
        case .unreadable(let error):
            return error.description
        case .empty:
            return "the file is empty: it needs a header line and a row for each product"
        case .unknownFormat(let header):
            let start = header.prefix(4).joined(separator: ",")
            return "the header \"\(start)\(header.count > 4 ? ",…" : "")\" is of no known format: expected Square's "
                + "item library export (Token, Item Name, Variation Name, SKU, …, Price, …), Shopify's products CSV "
                + "(Handle, Title, …, Variant SKU, …, Variant Price, …) or sku,name,price,pack_size,pack_unit,stock,"
                + "aisle,gtin,sold_by_weight"
        case .missingColumns(let format, let columns):
            let list = columns.map { "\"\($0)\"" }.joined(separator: ", ")
            return "the \(format.title) has no column \(list)"
        }
    }
}
