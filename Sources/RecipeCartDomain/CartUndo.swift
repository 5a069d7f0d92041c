import Foundation

/// A Remove or "Empty the cart" the shopper can still take back.
public struct CartUndo: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case remove
        case clear
    }

    /// How long the cart page keeps offering Undo, and how long an Undo button on any open page still works.
    public static let offeredFor: TimeInterval = 120
    public static let acceptedFor: TimeInterval = 600

    public var token: String
    public var kind: Kind
    /// The lines it took away, in cart order.
    public var recipeIDs: [RecipeID]

    package init(token: String, kind: Kind, recipeIDs: [RecipeID]) {
        self.token = token
        self.kind = kind
        self.recipeIDs = recipeIDs
    }
}
