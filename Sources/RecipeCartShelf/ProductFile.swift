/// A till's product file read whole: its format, the products of its good rows and the rows refused with their
/// reasons. Whether refused rows stop the import (all or nothing) or are listed while the good ones are applied
/// (`--skip-bad`) is the importer's choice; both are a look at `refused`.
package struct ProductFile: Sendable {
    /// 20 MB: far past any small shop's catalogue, and refused from its size before a byte is parsed.
    package static let largestByteCount = 20 * 1024 * 1024

    package let format: TillFormat
    /// The good rows' products, in file order.
    package let products: [ImportedProduct]
    /// The refused rows in file order, each with its row and reason.
    package let refused: [RefusedRow]
    /// Rows that are no product and need no refusal: blank rows and Shopify's rows of a product's other images.
    package let skippedRows: Int

    /// Refuses a file from its size alone, before it is read into memory.
    package static func checkSize(byteCount: Int) throws(ProductFileRefusal) {
        guard byteCount <= largestByteCount else { throw .tooLarge(byteCount: byteCount) }
    }

    /// Reads a file in `format`, or in the format its header line is of when nil; prices are read in `currency`.
    /// Throws only when the file as a whole cannot be read; a bad row is refused on its own.
    package init(bytes: [UInt8], format: TillFormat? = nil, currency: Currency) throws(ProductFileRefusal) {
        try Self.checkSize(byteCount: bytes.count)
        let records: [CSVRecord]
        do throws(CSVError) {
            records = try CSVReader.records(bytes)
        } catch {
            throw .unreadable(error)
        }
        guard let headerIndex = records.firstIndex(where: { !$0.isBlank }) else { throw .empty }
        let header = HeaderColumns(records[headerIndex].fields)
        guard let format = format ?? TillFormat.recognised(by: header) else {
            throw .unknownFormat(header: header.names)
        }
        var reader: any TillRowReader
        switch format {
        case .square: reader = try SquareItemRows(header: header, currency: currency)
        case .shopify: reader = try ShopifyProductRows(header: header, currency: currency)
        case .plain: reader = try PlainProductRows(header: header, currency: currency)
        }
        var products: [ImportedProduct] = []
        var lines: [Int] = []
        var refused: [RefusedRow] = []
        var skipped = records[headerIndex].row - 1
        products.reserveCapacity(records.count)
        lines.reserveCapacity(records.count)
        var previousRow = records[headerIndex].row
        for record in records[(headerIndex + 1)...] {
            skipped += record.row - previousRow - 1
            previousRow = record.row
            if record.isBlank {
                skipped += 1
                continue
            }
            if record.fields.count > header.names.count,
                record.fields[header.names.count...].contains(where: { !$0.isEmpty })
            {
                refused.append(
                    RefusedRow(record, "the row has \(record.fields.count) cells, the header \(header.names.count)"))
                continue
            }
            do throws(RowRefusal) {
                if let product = try reader.product(from: record) {
                    products.append(product)
                    lines.append(record.line)
                } else {
                    skipped += 1
                }
            } catch {
                refused.append(RefusedRow(record, error.reason))
            }
        }
        self.format = format
        (self.products, self.refused) = Self.refusingDuplicateSKUs(products, lines: lines, refused)
        skippedRows = skipped
    }

    /// Every row of an SKU that is on more than one row is refused, naming them all: which of them the grocer meant
    /// is theirs to say.
    private static func refusingDuplicateSKUs(_ products: [ImportedProduct], lines: [Int], _ refused: [RefusedRow])
        -> ([ImportedProduct], [RefusedRow])
    {
        var rowsBySKU: [String: [Int]] = [:]
        rowsBySKU.reserveCapacity(products.count)
        for product in products { rowsBySKU[product.sku, default: []].append(product.row) }
        guard rowsBySKU.count < products.count else { return (products, refused) }
        var kept: [ImportedProduct] = []
        var refused = refused
        for (product, line) in zip(products, lines) {
            let rows = rowsBySKU[product.sku]!
            guard rows.count > 1 else {
                kept.append(product)
                continue
            }
            let list = rows.dropLast().map(String.init).joined(separator: ", ") + " and \(rows.last!)"
            refused.append(
                RefusedRow(row: product.row, line: line, reason: "the SKU \"\(product.sku)\" is on rows \(list)"))
        }
        refused.sort { $0.row < $1.row }
        return (kept, refused)
    }
}
