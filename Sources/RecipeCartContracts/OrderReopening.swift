/// What opening an order back into the cart came to (`OrderStore.reopen`).
package enum OrderReopening: Sendable, Equatable {
    /// Its lines are in the cart (or were already, for a second press of "Change this order").
    case reopened
    /// No order of the session's has that code.
    case notFound
    /// Staff started packing it: it can no longer be changed.
    case packingStarted
    /// The cart holds other lines: they are sent or emptied first, never mixed into the order.
    case cartNotEmpty
}
