import RecipeCartDomain

/// What sending an order reads of the shopper's session, in one read: the cart as its shopper sees it, their "I have
/// this" marks, and the order the cart is changing, if any.
public struct CartToSend: Sendable, Equatable {
    public var cart: Cart
    public var have: [String: Bool]
    public var changing: OrderCode?

    public init(cart: Cart, have: [String: Bool], changing: OrderCode?) {
        self.cart = cart
        self.have = have
        self.changing = changing
    }
}
