import Foundation
import RecipeCartDomain

/// Cart lines per session, each change applied atomically, whichever instance receives it.
package protocol CartStore: Sendable {
    /// Applies a stepper change and answers all the page after it needs, in one write transaction.
    /// The session row is created by its first write, so a shopper who only looks leaves no trace. A cart that
    /// starts from empty moves, with everything its session kept, to `freshIfEmpty` when given, so whoever else
    /// holds the old cookie is left with nothing. Unless a send renewed the session as `following` within the last
    /// ten minutes (`SessionRenewalSchema.window`): it moved the cart there, and the change follows it, so a change
    /// racing the send from another tab of the same browser ends under the send's id. `following` is the id the send
    /// would have renewed it as for the claim this browser shows (`SessionSigner.renewed`); only a renewal recorded by
    /// a send is followed. `servings`, when given, is what the line is cooked for from now on.
    func change(
        _ change: CartChange, recipe: RecipeID, servings: Int?, session: SessionKey, freshIfEmpty fresh: SessionKey?,
        following renewed: SessionKey?
    ) async throws -> CartChangeResult
    /// Empties the cart, keeping its lines for Undo.
    func clear(session: SessionKey) async throws
    /// The last Remove or "Empty the cart" of this session, while the cart page still offers to undo it.
    func pendingUndo(session: SessionKey) async throws -> CartUndo?
    /// Puts back exactly the lines the undone change took away. - Returns: nil when there is nothing to undo
    /// under that token (used already, replaced by a later change, or older than `CartUndo.acceptedFor`).
    func undo(_ token: String, session: SessionKey) async throws -> CartUndo?
    /// Whether this session has stored anything yet: its first write gets a fresh id.
    func hasSession(_ session: SessionKey) async throws -> Bool
    func quantity(of recipe: RecipeID, session: SessionKey) async throws -> Int
    func itemCount(session: SessionKey) async throws -> Int
    /// The cart with each line's recipe as it shows now (edits applied), in the order lines were added.
    func cart(session: SessionKey) async throws -> Cart
    /// One line of the cart, when the recipe is in it.
    func line(of recipe: RecipeID, session: SessionKey) async throws -> CartLine?
    /// Every non-empty cart, most recently active first, for the staff board.
    func activeCarts() async throws -> [ActiveCart]
    /// Records "Start cooking" on a line. - Returns: false when the recipe is not in the cart.
    func startCooking(_ recipe: RecipeID, minutes: Int, session: SessionKey) async throws -> Bool
    func stopCooking(_ recipe: RecipeID, session: SessionKey) async throws
    /// Deletes sessions (and their carts, versions and undos) with no change for longer than `idle`.
    /// - Returns: how many sessions went.
    @discardableResult
    func purgeSessions(idleLongerThan idle: TimeInterval) async throws -> Int
}

extension CartStore {
    /// A change that follows no send.
    package func change(
        _ change: CartChange, recipe: RecipeID, servings: Int?, session: SessionKey, freshIfEmpty fresh: SessionKey?
    ) async throws -> CartChangeResult {
        try await self.change(
            change, recipe: recipe, servings: servings, session: session, freshIfEmpty: fresh, following: nil)
    }

    /// A change that leaves the line's servings as they are.
    package func change(_ change: CartChange, recipe: RecipeID, session: SessionKey, freshIfEmpty fresh: SessionKey?)
        async throws
        -> CartChangeResult
    {
        try await self.change(change, recipe: recipe, servings: nil, session: session, freshIfEmpty: fresh)
    }

    /// A change that leaves the line's servings as they are, and may follow a send.
    package func change(
        _ change: CartChange, recipe: RecipeID, session: SessionKey, freshIfEmpty fresh: SessionKey?,
        following renewed: SessionKey?
    ) async throws -> CartChangeResult {
        try await self.change(
            change, recipe: recipe, servings: nil, session: session, freshIfEmpty: fresh, following: renewed)
    }

    /// Applies a stepper change and answers the line's new quantity (0 when it is gone).
    @discardableResult
    package func apply(_ change: CartChange, recipe: RecipeID, servings: Int? = nil, session: SessionKey) async throws
        -> Int
    {
        try await self.change(change, recipe: recipe, servings: servings, session: session, freshIfEmpty: nil).quantity
    }
}
