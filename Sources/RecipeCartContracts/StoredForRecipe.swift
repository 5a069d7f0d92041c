import Foundation
import RecipeCartDomain

/// What a session has stored for one recipe, as a detail page needs to know it.
package enum StoredForRecipe: Sendable, Equatable {
    /// No cart line, own version or Undo: the page is the shop's, with "Add to cart".
    case nothing
    /// A cart line and nothing else: the page is the shop's, with the line's stepper.
    case cartLine(StoredCartLine)
    /// Its own version of the recipe or a revert's Undo, which only a read puts on the page.
    case more
}

/// A cart line's own columns, without the recipe it names.
package struct StoredCartLine: Sendable, Equatable {
    package var quantity: Int
    package var servings: Int?
    package var cooking: CookingTimer?

    package init(quantity: Int, servings: Int?, cooking: CookingTimer?) {
        self.quantity = quantity
        self.servings = servings
        self.cooking = cooking
    }

    /// The line as its shopper sees it, with `recipe` the one the page shows.
    package func line(of recipe: RecipeSummary) -> CartLine {
        CartLine(recipe: recipe, quantity: quantity, servings: servings, cooking: cooking)
    }
}
