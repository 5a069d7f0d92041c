import RecipeCartDomain

extension Aisle {
    /// The aisle a till's free-text category names (Square's `Categories`, Shopify's `Type` or `Product category`):
    /// an aisle's raw value or title, a Spoonacular aisle name, or a common shop word, tried on each part of
    /// `Dairy, Baking` or `Food Items > Dairy Products` from the most specific; nil when none does, and the
    /// ingredient's aisle decides later.
    init?(tillCategory: String) {
        let parts = tillCategory.split(whereSeparator: { ",;>|/".contains($0) })
            .map { $0.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        for part in parts.reversed() where !part.isEmpty {
            if let aisle = Aisle(rawValue: part) ?? Aisle.allCases.first(where: { $0.title.lowercased() == part })
                ?? Aisle(spoonacularAisle: part) ?? Self.shopWords[part]
            {
                self = aisle
                return
            }
        }
        return nil
    }

    private static let shopWords: [String: Aisle] = [
        "fruit": .produce, "fruits": .produce, "vegetables": .produce, "veg": .produce, "fruit & veg": .produce,
        "fruit and veg": .produce, "fruits & vegetables": .produce, "fresh produce": .produce, "greengrocery": .produce,
        "meat": .meatFish, "fish": .meatFish, "poultry": .meatFish, "butcher": .meatFish, "deli": .meatFish,
        "meat & seafood": .meatFish, "meat and fish": .meatFish, "dairy": .dairyEggs, "eggs": .dairyEggs,
        "dairy products": .dairyEggs, "dairy & eggs": .dairyEggs, "chilled": .dairyEggs, "bread": .bakery,
        "bakery": .bakery, "baked goods": .bakery, "pantry": .pantry, "dry goods": .pantry, "groceries": .pantry,
        "grocery": .pantry, "tins": .pantry, "canned goods": .pantry, "pasta": .pantry, "rice": .pantry,
        "baking": .pantry, "drinks": .pantry, "beverages": .pantry, "spices": .spices, "herbs & spices": .spices,
        "herbs and spices": .spices, "seasonings": .spices, "sauces": .spices, "condiments": .spices,
        "frozen": .frozen, "frozen food": .frozen, "frozen foods": .frozen,
    ]
}
