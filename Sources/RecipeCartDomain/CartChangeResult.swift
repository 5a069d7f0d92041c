/// What a stepper change did: the session it was written under (a fresh one when the cart started from empty),
/// the line's new quantity, its title as this shopper sees it, and the undo kept when the line went.
public struct CartChangeResult: Sendable, Equatable {
    public var session: SessionKey
    public var quantity: Int
    /// Nil once the line is gone.
    public var title: String?
    public var undo: CartUndo?

    package init(session: SessionKey, quantity: Int, title: String?, undo: CartUndo?) {
        self.session = session
        self.quantity = quantity
        self.title = title
        self.undo = undo
    }
}
