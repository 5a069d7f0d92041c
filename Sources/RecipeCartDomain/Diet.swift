/// The diets a shopper can filter by.
package enum Diet: String, CaseIterable, Sendable, Codable {
    case vegetarian
    case vegan
    case glutenFree = "gluten free"
    case dairyFree = "dairy free"

    package var label: String {
        switch self {
        case .vegetarian: "Vegetarian"
        case .vegan: "Vegan"
        case .glutenFree: "Gluten free"
        case .dairyFree: "Dairy free"
        }
    }

    /// The form used in URLs: `gluten-free`. Spelled out: every filter link on a page asks for one.
    package var slug: String {
        switch self {
        case .vegetarian: "vegetarian"
        case .vegan: "vegan"
        case .glutenFree: "gluten-free"
        case .dairyFree: "dairy-free"
        }
    }

    package init?(slug: String) {
        guard let diet = Diet.allCases.first(where: { $0.slug == slug }) else { return nil }
        self = diet
    }
}
