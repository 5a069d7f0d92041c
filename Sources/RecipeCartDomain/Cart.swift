import Foundation

/// One recipe in a shopper's cart.
public struct CartLine: Sendable, Equatable {
    public var recipe: RecipeSummary
    public var quantity: Int
    /// The servings the shopper cooks it for; nil is the recipe's own.
    public var servings: Int?
    public var cooking: CookingTimer?

    public init(recipe: RecipeSummary, quantity: Int, servings: Int? = nil, cooking: CookingTimer? = nil) {
        self.recipe = recipe
        self.quantity = quantity
        self.servings = servings
        self.cooking = cooking
    }

    public var ingredientFactor: Double {
        Self.ingredientFactor(quantity: quantity, servings: servings, recipeServings: recipe.servings)
    }

    /// How many times a recipe's ingredients go on the shopping list: batches × servings wanted ÷ its servings.
    /// A recipe that names no servings is bought as written, whatever the line says.
    package static func ingredientFactor(quantity: Int, servings: Int?, recipeServings: Int?) -> Double {
        guard let own = recipeServings, own > 0, let servings else { return Double(quantity) }
        return Double(quantity) * Double(servings) / Double(own)
    }

    /// The servings the line shows: its own choice, else the recipe's.
    public var effectiveServings: Int? { servings ?? recipe.servings }
}

/// A shopper's cart as staff see it: no session id, only when it last changed.
public struct ActiveCart: Sendable, Equatable {
    /// The SHA-256 the database keeps; staff pages show a label derived from it, never this.
    public var sessionHash: String
    public var cart: Cart
    public var lastActivity: Date

    package init(sessionHash: String, cart: Cart, lastActivity: Date) {
        self.sessionHash = sessionHash
        self.cart = cart
        self.lastActivity = lastActivity
    }
}

public struct Cart: Sendable, Equatable {
    public static let maximumQuantity = 99
    /// What a line can be cooked for, as on the detail page.
    public static let servingsRange = 1...50

    public var lines: [CartLine]

    public init(lines: [CartLine]) {
        self.lines = lines
    }

    public var itemCount: Int { lines.reduce(0) { $0 + $1.quantity } }
    public var isEmpty: Bool { lines.isEmpty }
}

/// A stepper action on one cart line.
public enum CartChange: Sendable, Equatable {
    case increment
    case decrement
    /// 0 removes the line.
    case set(Int)
    /// Cooks the line for this many servings; a recipe not in the cart stays out of it.
    case servings(Int)
}
