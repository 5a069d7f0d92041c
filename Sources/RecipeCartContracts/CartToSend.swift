import RecipeCartDomain

/// What sending an order reads of the shopper's session, in one read: the cart as its shopper sees it, their "I have
/// this" marks, and the order the cart is changing, if any.
package struct CartToSend: Sendable, Equatable {
    package var cart: Cart
    package var have: [String: Bool]
    package var changing: OrderCode?

    package init(cart: Cart, have: [String: Bool], changing: OrderCode?) {
        self.cart = cart
        self.have = have
        self.changing = changing
    }
}
