import Foundation
import RecipeCartDomain
import RecipeCartShelf
import Testing

@testable import RecipeCart
@testable import RecipeCartServices

/// The demo shelf that ships beside the bundled catalog (Resources/catalog/products.csv and
/// ingredient-matches.csv): every ingredient of every bundled recipe is sold, so a fresh clone shows a priced list.
/// The files hold no quotes and no commas inside a field, so a split on commas reads them.
@Suite struct DemoShelfTests {
    static let productHeader = "sku,name,price,pack_size,pack_unit,stock,aisle,gtin,sold_by_weight"
    static let matchHeader = "ingredient_key,sku"
    static let packUnits: Set<String> = ["g", "kg", "ml", "l", "pieces"]

    /// The rows of a bundled CSV file as header name → field, after checking its header.
    static func rows(of file: String, header: String) throws -> [[String: String]] {
        let url = BundledCatalog.defaultDirectory.appendingPathComponent(file)
        let lines = try String(contentsOf: url, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        try #require(lines.first.map(String.init) == header, "\(file) header")
        try #require(lines.last == "", "\(file) ends with a line break")
        let names = header.split(separator: ",").map(String.init)
        return try lines.dropFirst().dropLast().enumerated().map { index, line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            try #require(fields.count == names.count, "\(file) line \(index + 2): \(line)")
            return Dictionary(uniqueKeysWithValues: zip(names, fields))
        }
    }

    /// Every ingredient key the bundled recipes put on a shopping list.
    static func catalogKeys() throws -> Set<String> {
        let recipes = try BundledCatalog.load().recipes
        #expect(recipes.count == 52)
        return Set(recipes.flatMap { $0.ingredients.map { IngredientName($0.name).key } }.filter { !$0.isEmpty })
    }

    /// `2.49` as 249; nil for anything but digits, a dot and two digits.
    static func minorUnits(_ price: String) -> Int? {
        let parts = price.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 2, !parts[0].isEmpty,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let major = Int(parts[0]), let minor = Int(parts[1])
        else { return nil }
        return major * 100 + minor
    }

    @Test func everyIngredientOfTheCatalogIsSold() throws {
        let keys = try Self.catalogKeys()
        let matches = try Self.rows(of: "ingredient-matches.csv", header: Self.matchHeader)
        let skus = Set(try Self.rows(of: "products.csv", header: Self.productHeader).compactMap { $0["sku"] })
        let matched = Set(matches.compactMap { $0["ingredient_key"] })
        #expect(keys.count > 150)
        #expect(keys.subtracting(matched).sorted() == [], "ingredients without a product")
        #expect(matched.subtracting(keys).sorted() == [], "matches for no ingredient of the catalog")
        for match in matches {
            #expect(skus.contains(match["sku"] ?? ""), "\(match)")
        }
        let pairs = matches.map { "\($0["ingredient_key"] ?? "") → \($0["sku"] ?? "")" }
        #expect(pairs.count == Set(pairs).count, "a match is listed twice")
        let sold = Set(matches.compactMap { $0["sku"] })
        #expect(skus.subtracting(sold).sorted() == [], "products matched to no ingredient")
    }

    @Test func everyProductIsAWellFormedDemoProduct() throws {
        let products = try Self.rows(of: "products.csv", header: Self.productHeader)
        let skus = products.compactMap { $0["sku"] }
        #expect(products.count > 150)
        #expect(skus.count == Set(skus).count, "a SKU is listed twice")
        for product in products {
            let sku = product["sku"] ?? ""
            let name = product["name"] ?? ""
            #expect(sku.hasPrefix("DEMO-"), "\(sku)")
            #expect(!name.isEmpty && !name.contains("<") && !"=+-@".contains(name.first ?? "="), "\(sku): \(name)")
            #expect((Self.minorUnits(product["price"] ?? "") ?? 0) > 0, "\(sku): price \(product["price"] ?? "")")
            #expect(Self.packUnits.contains(product["pack_unit"] ?? ""), "\(sku): \(product["pack_unit"] ?? "")")
            #expect((Double(product["pack_size"] ?? "") ?? 0) > 0, "\(sku): pack size \(product["pack_size"] ?? "")")
            #expect((Int(product["stock"] ?? "") ?? -1) >= 0, "\(sku): stock \(product["stock"] ?? "")")
            #expect(Aisle(rawValue: product["aisle"] ?? "") != nil, "\(sku): aisle \(product["aisle"] ?? "")")
            #expect(product["gtin"] == "", "\(sku): a demo product has no GTIN")
            switch product["sold_by_weight"] {
            case "true":
                #expect(product["pack_size"] == "1" && product["pack_unit"] == "kg", "\(sku) is priced per kg")
            case "false": break
            default: Issue.record("\(sku): sold_by_weight \(product["sold_by_weight"] ?? "")")
            }
        }
    }

    /// What a fresh start loads: the shop's own importer reads every row as the product written, none refused.
    @Test func theShopsImporterTakesEveryRow() throws {
        let url = BundledCatalog.defaultDirectory.appendingPathComponent("products.csv")
        let file = try ProductFile(bytes: [UInt8](Data(contentsOf: url)), currency: .euro)
        let rows = try Self.rows(of: "products.csv", header: Self.productHeader)
        #expect(file.format == .plain)
        #expect(file.refused.map(\.description) == [])
        #expect(file.products.map(\.sku) == rows.map { $0["sku"] ?? "" })
        #expect(file.products.map(\.name) == rows.map { $0["name"] ?? "" })
        #expect(file.products.map(\.priceMinor) == rows.map { Self.minorUnits($0["price"] ?? "") ?? -1 })
        #expect(file.products.map(\.stock) == rows.map { Int($0["stock"] ?? "") })
        #expect(file.products.map(\.aisle?.rawValue) == rows.map { $0["aisle"] })
        #expect(file.products.map(\.soldByWeight) == rows.map { $0["sold_by_weight"] == "true" })
    }

    /// Out of stock and "only 2 left" can be seen on the demo shelf.
    @Test func theShelfShowsEveryStockState() throws {
        let stocks = try Self.rows(of: "products.csv", header: Self.productHeader).compactMap { Int($0["stock"] ?? "") }
        #expect(stocks.contains(0))
        #expect(stocks.contains { (1...2).contains($0) })
    }
}
