import Foundation
import RecipeCartDomain

/// Orders beside the carts they came from, on whichever database the carts are.
public protocol OrderStore: Sendable {
    /// Turns the session's cart into an order and empties the cart, in one transaction, provided the cart still
    /// holds exactly the lines `content` copied (a change in between, or a second send, places nothing).
    func place(_ content: OrderContent, note: String, session: SessionKey) async throws -> OrderPlacement
    /// The order under `code`, and whether `session` placed it.
    func order(_ code: OrderCode, session: SessionKey?) async throws -> (order: Order, isOwn: Bool)?
    /// A session's orders, newest first.
    func orders(session: SessionKey) async throws -> [Order]
    /// Orders not yet collected or cancelled, oldest first: the staff board's queue.
    func openOrders() async throws -> [Order]
    /// Moves an order from `current` to `target`. - Returns: false when it is no longer at `current` (someone else
    /// moved it first) or there is no such order; nothing changes then.
    func move(_ code: OrderCode, from current: OrderStatus, to target: OrderStatus) async throws -> Bool
}

public enum OrderPlacement: Sendable, Equatable {
    case placed(Order)
    /// Nothing in the cart: never filled, or sent already.
    case emptyCart
    /// The cart changed between reading it and sending it.
    case cartChanged
}
