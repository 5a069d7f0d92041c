/// Categories that name a diet. TheMealDB files vegan dishes under a "Vegan" category beside "Vegetarian", which
/// disagreed with the vegan diet filter (a category chip and a diet finding different recipes). The diet is the one
/// way to find vegan recipes: a recipe filed under Vegan is a Vegetarian one with the vegan diet, and a recipe filed
/// under Vegetarian carries the vegetarian diet.
package enum DietCategory {
    package static let vegan = "Vegan"
    package static let vegetarian = "Vegetarian"

    /// The category a recipe is kept under: Vegetarian for Vegan, any other unchanged.
    package static func category(_ name: String) -> String {
        isVegan(name) ? vegetarian : name
    }

    /// The diets a category implies.
    package static func diets(implied category: String) -> Set<Diet> {
        if isVegan(category) { return [.vegan, .vegetarian] }
        return category.caseInsensitiveCompare(vegetarian) == .orderedSame ? [.vegetarian] : []
    }

    /// True for "Vegan" in any case: an old `?category=Vegan` link is the vegan diet now.
    package static func isVegan(_ category: String) -> Bool {
        category.caseInsensitiveCompare(vegan) == .orderedSame
    }
}
