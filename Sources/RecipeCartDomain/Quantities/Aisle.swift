import Foundation

/// Where in the shop an ingredient is found. The raw values are the `data-aisle` markup hooks and
/// what the shop stores as its walking order.
package enum Aisle: String, Sendable, CaseIterable {
    case produce
    case meatFish = "meat-fish"
    case dairyEggs = "dairy-eggs"
    case bakery
    case pantry
    case spices
    case frozen
    case other

    package var title: String {
        switch self {
        case .produce: "Produce"
        case .meatFish: "Meat and fish"
        case .dairyEggs: "Dairy and eggs"
        case .bakery: "Bakery"
        case .pantry: "Pantry"
        case .spices: "Spices and condiments"
        case .frozen: "Frozen"
        case .other: "Other"
        }
    }

    /// Fresh food first, frozen last so that it thaws least on the way home.
    package static let defaultOrder: [Aisle] = allCases

    /// A full walking order from a stored one, which may be out of date or hand-edited: unknown
    /// and repeated values are dropped, and aisles it leaves out follow in the default order.
    package static func walkingOrder(from stored: [String]) -> [Aisle] {
        var order: [Aisle] = []
        for value in stored {
            guard let aisle = Aisle(rawValue: value.trimmingCharacters(in: .whitespaces).lowercased()),
                !order.contains(aisle)
            else { continue }
            order.append(aisle)
        }
        return order + defaultOrder.filter { !order.contains($0) }
    }

    /// Spoonacular's `aisle` field, such as `Milk, Eggs, Other Dairy` or `Canned and Jarred;Seafood`:
    /// the first of its `;`-separated names that maps; nil when none does.
    package init?(spoonacularAisle: String) {
        let names = spoonacularAisle.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard let aisle = names.lazy.compactMap({ Self.spoonacularAisles[$0] }).first else { return nil }
        self = aisle
    }

    /// Spoonacular's aisle names, lowercased. Oil sits with pantry, as in the built-in table; the
    /// chilled aisle (`Refrigerated`: tofu, fresh pasta, dips) with dairy, next to which shops keep it.
    /// `Not in Grocery Store/Homemade` and the like are left out, so the built-in table decides.
    private static let spoonacularAisles: [String: Aisle] = [
        "produce": .produce,
        "meat": .meatFish, "seafood": .meatFish,
        "milk, eggs, other dairy": .dairyEggs, "cheese": .dairyEggs, "refrigerated": .dairyEggs,
        "bakery/bread": .bakery, "bread": .bakery,
        "baking": .pantry, "pasta and rice": .pantry, "canned and jarred": .pantry, "nuts": .pantry,
        "ethnic foods": .pantry, "cereal": .pantry, "beverages": .pantry, "dried fruits": .pantry,
        "savory snacks": .pantry, "sweet snacks": .pantry, "health foods": .pantry, "gluten free": .pantry,
        "alcoholic beverages": .pantry, "tea and coffee": .pantry, "gourmet": .pantry,
        "nut butters, jams, and honey": .pantry, "oil, vinegar, salad dressing": .pantry,
        "spices and seasonings": .spices, "condiments": .spices,
        "frozen": .frozen,
    ]
}
