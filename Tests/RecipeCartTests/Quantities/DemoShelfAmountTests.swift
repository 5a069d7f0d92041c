import Foundation
import RecipeCartDomain
import RecipeCartShelf
import Testing

@testable import RecipeCart
@testable import RecipeCartServices

/// What a shopper sees pricing each bundled recipe's list from the demo shelf: which rows have an amount no matched
/// product's unit can hold ("No amount to price") for want of a density or a weight a piece.
@Suite struct DemoShelfAmountTests {
    /// The demo shelf's offers by ingredient key, read by the shop's own importer and matches.
    static func offers() throws -> [String: [PackOffer]] {
        let url = BundledCatalog.defaultDirectory.appendingPathComponent("products.csv")
        let file = try ProductFile(bytes: [UInt8](Data(contentsOf: url)), currency: .euro)
        var bySKU: [String: PackOffer] = [:]
        for product in file.products {
            bySKU[product.sku] = PackOffer(
                sku: product.sku, name: product.name, packSize: product.packSize, priceMinor: product.priceMinor,
                isSoldByWeight: product.soldByWeight, stock: product.stock)
        }
        return try BundledShelf.load().matches.mapValues { skus in skus.compactMap { bySKU[$0] } }
    }

    /// `key: parts` of every recipe's rows with a measure but no amount to price, and `key: part` of every part left
    /// out of a row priced from its other parts; each once, sorted.
    static func unpriced() throws -> (rows: [String], parts: [String]) {
        let offers = try offers()
        var rows: Set<String> = []
        var parts: Set<String> = []
        for recipe in try BundledCatalog.load().recipes {
            for need in IngredientNeed.needs(for: recipe.ingredients) where !need.parts.isEmpty {
                let choice = PackChoice.choose(for: need, from: offers[need.key] ?? [])
                if choice.status == .noAmount {
                    rows.insert("\(need.key): \(need.parts.map(\.display).joined(separator: " + "))")
                } else {
                    for part in choice.need?.leftOut ?? [] { parts.insert("\(need.key): \(part)") }
                }
            }
        }
        return (rows.sorted(), parts.sorted())
    }

    /// The rows still "No amount to price", each for want of a source giving a weight for what the recipe measures:
    /// a handful, a bunch or a sprig of a herb (sold by the gram), a handful of almonds, a piece of ginger by its
    /// length, a thick slice of a ciabatta sold by the loaf, prawns and lasagne sheets by the count, and garam
    /// masala, chilli flakes, curry paste and fresh tarragon by the spoon. A row that comes off this list is a
    /// table that learnt a weight; one that joins it is a table that lost one.
    @Test func onlyTheRowsNoSourceWeighsHaveNoAmount() throws {
        let found = try Self.unpriced()
        #expect(
            found.rows == [
                "almond: 1 handful", "basil: 1 handful", "chilli flake: ½ tsp", "chive: 1 small bunch",
                "ciabatta: 2 thick slices", "coriander: 1 handful", "coriander: 1 small bunch",
                "garam masala: 1 tsp", "garam masala: 2 tsp", "ginger: 2 cm piece", "green curry paste: 3 tbsp",
                "lasagne sheet: 12", "mint: 4 sprigs", "parsley: 1 handful", "prawn: 12", "rosemary: 3 sprigs",
                "tarragon: 1 tsp", "thai basil: 1 handful", "thyme: 3 sprigs", "thyme: 4 sprigs",
            ])
        #expect(found.parts == [], "parts left out of a priced row")
    }

    /// Rows the density table and the weights a piece now price from the demo shelf, as the shopper sees them.
    @Test func spoonsSlicesAndCupsArePricedFromTheDemoShelf() throws {
        let offers = try Self.offers()
        func choice(_ name: String, _ measure: String) -> PackChoice {
            let need = IngredientNeed.needs(for: [Ingredient(name: name, measure: measure)])[0]
            return PackChoice.choose(for: need, from: offers[need.key] ?? [])
        }
        // 2 tbsp × 12 g of chia seeds from a 250 g bag.
        #expect(choice("chia seed", "2 tbsp").display == "1 × 250 g Chia seeds · 226 g left")
        // 1 tsp of Dijon mustard, 5 g, from a 200 g jar.
        #expect(choice("dijon mustard", "1 tsp").display == "1 × 200 g Dijon mustard · 195 g left")
        // 4 slices × 28 g of ham from a 200 g pack, an estimate.
        let ham = choice("ham", "4 slices")
        #expect(ham.status == .covered)
        #expect(ham.isEstimated)
        #expect(ham.display == "1 × 200 g Cooked ham slices · 88 g left")
        // ¾ cup × 164 g of sweetcorn, 123 g, from a 340 g can.
        #expect(choice("sweetcorn", "¾ cup").display == "1 × 340 g Sweetcorn in water · 217 g left")
        // 1 tbsp of grated ginger, 6 g, weighed from the loose root.
        let ginger = choice("ginger", "1 tbsp")
        #expect(ginger.status == .covered)
        #expect(ginger.need?.amount == 6)
        // 1 tbsp of chopped parsley, 3.75 g, from a 30 g bunch.
        #expect(choice("parsley", "1 tbsp").status == .covered)
    }
}
