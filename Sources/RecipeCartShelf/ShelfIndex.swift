import Foundation
import RecipeCartDomain

/// The active products, found by the words of their names: what suggests the products an ingredient with no
/// confirmed match is sold as. A suggestion holds every word of the ingredient's key, stands in the ingredient's aisle
/// (or in none), and has the fewest other words in its name, so `butter` finds "Butter 250 g" and "Butter 500 g" but
/// not "Peanut butter".
package struct ShelfIndex: Sendable {
    private let products: [Product]
    private let words: [[String]]
    private let byWord: [String: [Int]]
    /// Places in `products`, not the products again: at 10,000 products a second copy of each had held 2 MB.
    private let bySKU: [String: Int]

    /// The most products suggested for one ingredient: its sizes, rarely more.
    package static let mostSuggested = 4

    package init(products: [Product]) {
        let active = products.filter(\.isActive)
        self.products = active
        words = active.map { Self.words(of: $0.name) }
        var byWord: [String: [Int]] = [:]
        for (index, words) in words.enumerated() {
            for word in Set(words) { byWord[word, default: []].append(index) }
        }
        self.byWord = byWord
        bySKU = Dictionary(active.indices.map { (active[$0].sku, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The active product of this SKU.
    package func product(sku: String) -> Product? {
        bySKU[sku].map { products[$0] }
    }

    /// The active product whose SKU is `text`, or else whose name is, ignoring case: what staff type to name a
    /// replacement.
    package func product(named text: String) -> Product? {
        product(sku: text) ?? products.first { $0.name.caseInsensitiveCompare(text) == .orderedSame }
    }

    /// The products likely sold as the ingredient with this shopping-list key in `aisle`, closest names first.
    package func suggestions(for key: String, aisle: Aisle?) -> [Product] {
        let wanted = Array(Set(Self.words(of: key)))
        guard let first = wanted.first, var candidates = byWord[first].map(Set.init) else { return [] }
        for word in wanted.dropFirst() {
            candidates.formIntersection(byWord[word] ?? [])
            if candidates.isEmpty { return [] }
        }
        let inAisle = candidates.filter { products[$0].aisle == nil || aisle == nil || products[$0].aisle == aisle }
        guard let fewest = inAisle.map({ words[$0].count }).min() else { return [] }
        return
            inAisle
            .filter { words[$0].count == fewest }
            .sorted { (products[$0].priceMinor, products[$0].sku) < (products[$1].priceMinor, products[$1].sku) }
            .prefix(Self.mostSuggested)
            .map { products[$0] }
    }

    /// A name's words as keys are made (lowercased, accents folded, each singular), without numbers and pack units,
    /// which say how much rather than what: "Chopped tomatoes 400g" is `chopped`, `tomato`.
    static func words(of name: String) -> [String] {
        IngredientName(name).key
            .split(whereSeparator: { !$0.isLetter })
            .map { IngredientName.singular(String($0)) }
            .filter { !$0.isEmpty && !packWords.contains($0) }
    }

    private static let packWords: Set<String> = [
        "g", "kg", "ml", "l", "cl", "x", "pack", "pc", "pcs", "piece", "gram", "kilo", "litre", "liter", "each",
    ]
}
