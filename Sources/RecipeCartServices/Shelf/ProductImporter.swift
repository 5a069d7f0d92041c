import RecipeCartContracts
import RecipeCartShelf
import RecipeCartUpstream

/// Applies a till's product file to the shelf, for `web products import` and the staff page's upload alike: the whole
/// file in one transaction, or nothing of it when a row is refused, unless `skipBad` applies the good rows and lists
/// the refused ones.
package struct ProductImporter: Sendable {
    let products: any ProductStore
    let currency: Currency

    package init(products: any ProductStore, currency: Currency) {
        self.products = products
        self.currency = currency
    }

    /// What an import did, as the command prints it and the staff page shows it.
    package struct Outcome: Sendable, Equatable {
        package var format: TillFormat
        /// Zero everywhere when nothing was applied.
        package var counts: ProductSaveCounts
        package var refused: [RefusedRow]
        /// False when refused rows stopped the whole file.
        package var isApplied: Bool

        /// `Square item library export: 3 added, 1 updated, 10 unchanged, 2 refused.`, and when the refusals
        /// stopped the file, that nothing was changed.
        package var summary: String {
            let counts =
                "\(counts.added) added, \(counts.updated) updated, \(counts.unchanged) unchanged, \(refused.count) refused"
            guard isApplied else {
                return "\(format.title): \(refused.count) refused, so nothing was changed "
                    + "(--skip-bad applies the other rows)."
            }
            return "\(format.title): \(counts)."
        }
    }

    /// Reads `bytes` as a file in `format` (or the format its header is of) and applies it; throws
    /// `ProductFileRefusal` when the file as a whole cannot be read, changing nothing.
    package func run(
        bytes: [UInt8], format: TillFormat? = nil, skipBad: Bool = false, progress: (any ImportProgress)? = nil
    ) async throws -> Outcome {
        let file = try ProductFile(bytes: bytes, format: format, currency: currency)
        let total = file.products.count
        progress?.advance(done: 0, total: total, label: "read \(total) products")
        guard file.refused.isEmpty || skipBad else {
            return Outcome(format: file.format, counts: ProductSaveCounts(), refused: file.refused, isApplied: false)
        }
        let counts = try await products.save(file.products.map(Product.init(imported:))) { written in
            progress?.advance(done: written, total: total, label: "saved")
        }
        return Outcome(format: file.format, counts: counts, refused: file.refused, isApplied: true)
    }
}

extension Product {
    init(imported: ImportedProduct) {
        self.init(
            sku: imported.sku, name: imported.name, gtin: imported.gtin, aisle: imported.aisle,
            packSize: imported.packSize, priceMinor: imported.priceMinor, isSoldByWeight: imported.soldByWeight,
            stock: imported.stock)
    }
}
