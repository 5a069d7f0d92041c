/// A slot an order is placed for, and how many orders the slot takes: the store takes one of its places in the
/// transaction that places the order.
package struct PickupBooking: Sendable, Equatable {
    package var slot: PickupSlot
    package var capacity: Int

    package init(slot: PickupSlot, capacity: Int) {
        self.slot = slot
        self.capacity = capacity
    }
}
