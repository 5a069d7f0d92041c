/// A slot an order is placed for, and how many orders the slot takes: the store takes one of its places in the
/// transaction that places the order.
public struct PickupBooking: Sendable, Equatable {
    public var slot: PickupSlot
    public var capacity: Int

    public init(slot: PickupSlot, capacity: Int) {
        self.slot = slot
        self.capacity = capacity
    }
}
