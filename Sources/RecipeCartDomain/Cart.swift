import Foundation

/// One recipe in a shopper's cart.
package struct CartLine: Sendable, Equatable {
    package var recipe: RecipeSummary
    package var quantity: Int
    /// The servings the shopper cooks it for; nil is the recipe's own.
    package var servings: Int?
    package var cooking: CookingTimer?

    package init(recipe: RecipeSummary, quantity: Int, servings: Int? = nil, cooking: CookingTimer? = nil) {
        self.recipe = recipe
        self.quantity = quantity
        self.servings = servings
        self.cooking = cooking
    }

    package var ingredientFactor: Double {
        Self.ingredientFactor(quantity: quantity, servings: servings, recipeServings: recipe.servings)
    }

    /// How many times a recipe's ingredients go on the shopping list: batches × servings wanted ÷ its servings.
    /// A recipe that names no servings is bought as written, whatever the line says.
    package static func ingredientFactor(quantity: Int, servings: Int?, recipeServings: Int?) -> Double {
        guard let own = recipeServings, own > 0, let servings else { return Double(quantity) }
        return Double(quantity) * Double(servings) / Double(own)
    }

    /// The servings the line shows: its own choice, else the recipe's.
    package var effectiveServings: Int? { servings ?? recipe.servings }
}

/// A shopper's cart as staff see it: no session id, only when it last changed.
package struct ActiveCart: Sendable, Equatable {
    /// The SHA-256 the database keeps; staff pages show a label derived from it, never this.
    package var sessionHash: String
    package var cart: Cart
    package var lastActivity: Date

    package init(sessionHash: String, cart: Cart, lastActivity: Date) {
        self.sessionHash = sessionHash
        self.cart = cart
        self.lastActivity = lastActivity
    }
}

package struct Cart: Sendable, Equatable {
    package static let maximumQuantity = 99
    /// What a line can be cooked for, as on the detail page.
    package static let servingsRange = 1...50

    package var lines: [CartLine]

    package init(lines: [CartLine]) {
        self.lines = lines
    }

    package var itemCount: Int { lines.reduce(0) { $0 + $1.quantity } }
    package var isEmpty: Bool { lines.isEmpty }
}

/// A stepper action on one cart line.
package enum CartChange: Sendable, Equatable {
    case increment
    case decrement
    /// 0 removes the line.
    case set(Int)
    /// Cooks the line for this many servings; a recipe not in the cart stays out of it.
    case servings(Int)
}
