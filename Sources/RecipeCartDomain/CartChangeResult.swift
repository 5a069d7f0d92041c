/// What a stepper change did: the session it was written under (a fresh one when the cart started from empty),
/// the line's new quantity, its title as this shopper sees it, and the undo kept when the line went.
package struct CartChangeResult: Sendable, Equatable {
    package var session: SessionKey
    package var quantity: Int
    /// Nil once the line is gone.
    package var title: String?
    package var undo: CartUndo?

    package init(session: SessionKey, quantity: Int, title: String?, undo: CartUndo?) {
        self.session = session
        self.quantity = quantity
        self.title = title
        self.undo = undo
    }
}
