import RecipeCartDomain

extension MainIngredient {
    /// The one ingredient `filter.php?i=` is asked for this main ingredient, written as TheMealDB's own examples write
    /// it (lower case, `_` for a space). TheMealDB matches a single ingredient name exactly and has no families, so
    /// each asks the name most of its meals use: the meat itself, not a cut (`chicken`, not `chicken_breast`); fish has
    /// no such name there, and salmon is its most used fish; beans are asked as chickpeas, TheMealDB's most used pulse.
    /// One call a main ingredient, cached like a category; saved recipes still match by all of `words`.
    package var mealDBIngredient: String {
        switch self {
        case .chicken: "chicken"
        case .beef: "beef"
        case .pork: "pork"
        case .lamb: "lamb"
        case .fish: "salmon"
        case .prawns: "king_prawns"
        case .eggs: "eggs"
        case .tofu: "tofu"
        case .beans: "chickpeas"
        case .mushrooms: "mushrooms"
        case .pasta: "spaghetti"
        case .rice: "rice"
        }
    }
}
