/// What nearly every kitchen already has, so a shopping list starts it under "Already have": salt,
/// black or white pepper, water and the everyday cooking oils. The whole name must match, so
/// `sea salt flakes`, `sesame oil`, `red pepper` and `black peppercorns` are bought like anything else
/// (peppercorns are asked for by the spoonful, for grinding or pickling, not as seasoning).
package enum PantryStaple {
    package static func startsAsHave(_ name: String) -> Bool {
        table.value(whole: name) != nil
    }

    private static let table = PhraseTable(
        [
            "salt", "sea salt", "table salt", "fine salt", "kosher salt",
            "pepper", "black pepper", "ground black pepper", "freshly ground black pepper", "white pepper",
            "ground white pepper", "salt and pepper", "salt pepper",
            "water", "cold water", "warm water", "hot water", "boiling water", "tap water",
            "oil", "cooking oil", "olive oil", "extra virgin olive oil", "light olive oil", "vegetable oil",
            "sunflower oil", "rapeseed oil", "canola oil",
        ].map { ($0, true) })
}
