import RecipeCartDomain

/// What a `filter.php` answer was asked for: its entries name neither their category, their cuisine nor their
/// ingredients, so a tile knows only this one.
package enum MealDBListing: Sendable, Equatable {
    case category(String)
    case area(String)
    case ingredient(MainIngredient)
}
