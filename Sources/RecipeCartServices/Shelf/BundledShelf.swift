import Foundation
import RecipeCartContracts
import RecipeCartShelf

/// The demo shelf that comes with the bundled catalog: a product for every ingredient of its recipes, at demo prices
/// (every SKU starts with `DEMO-`), and which products each ingredient is sold as. It is loaded only into a shop
/// with no products at all, so a grocer's own shelf is never touched.
package struct BundledShelf {
    let products: [UInt8]
    /// Ingredient key → SKUs.
    let matches: [String: [String]]

    package static func load(from directory: URL = BundledCatalog.defaultDirectory) throws -> BundledShelf {
        let products = try Data(contentsOf: directory.appendingPathComponent("products.csv"))
        let matchFile = try Data(contentsOf: directory.appendingPathComponent("ingredient-matches.csv"))
        var matches: [String: [String]] = [:]
        for record in try CSVReader.records([UInt8](matchFile)).dropFirst() where record.fields.count == 2 {
            matches[record.fields[0], default: []].append(record.fields[1])
        }
        return BundledShelf(products: [UInt8](products), matches: matches)
    }

    /// Loads the shelf and its matches unless the shop has products already.
    /// - Returns: how many products were loaded.
    @discardableResult
    package func install(into store: any ProductStore, currency: Currency) async throws -> Int {
        guard try await store.products(search: "", limit: 1, offset: 0).isEmpty else { return 0 }
        let outcome = try await ProductImporter(products: store, currency: currency).run(
            bytes: products, format: .plain)
        guard outcome.isApplied else {
            throw BundledShelfError(reason: outcome.refused.map(\.description).joined(separator: "; "))
        }
        try await store.setMatches(matches)
        return outcome.counts.added
    }
}

package struct BundledShelfError: Error, CustomStringConvertible {
    let reason: String

    package var description: String { "the bundled demo shelf does not read: \(reason)" }
}
