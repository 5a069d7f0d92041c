/// One recipe in a shopper's cart.
public struct CartLine: Sendable, Equatable {
    public var recipe: RecipeSummary
    public var quantity: Int

    public init(recipe: RecipeSummary, quantity: Int) {
        self.recipe = recipe
        self.quantity = quantity
    }
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
