import Foundation

/// A Remove or "Empty the cart" the shopper can still take back.
package struct CartUndo: Sendable, Equatable {
    package enum Kind: String, Sendable {
        case remove
        case clear
    }

    /// How long the cart page keeps offering Undo, and how long an Undo button on any open page still works.
    package static let offeredFor: TimeInterval = 120
    package static let acceptedFor: TimeInterval = 600

    package var token: String
    package var kind: Kind
    /// The lines it took away, in cart order.
    package var recipeIDs: [RecipeID]

    package init(token: String, kind: Kind, recipeIDs: [RecipeID]) {
        self.token = token
        self.kind = kind
        self.recipeIDs = recipeIDs
    }
}
