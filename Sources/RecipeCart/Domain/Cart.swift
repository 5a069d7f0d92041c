import Foundation

/// One recipe in a shopper's cart.
public struct CartLine: Sendable, Equatable {
    public var recipe: RecipeSummary
    public var quantity: Int
    public var cooking: CookingTimer?

    public init(recipe: RecipeSummary, quantity: Int, cooking: CookingTimer? = nil) {
        self.recipe = recipe
        self.quantity = quantity
        self.cooking = cooking
    }
}

/// A shopper's cart as staff see it: no session id, only when it last changed.
public struct ActiveCart: Sendable, Equatable {
    /// The SHA-256 the database keeps; staff pages show a label derived from it, never this.
    public var sessionHash: String
    public var cart: Cart
    public var lastActivity: Date
}

public struct Cart: Sendable, Equatable {
    public static let maximumQuantity = 99

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
}
