import Foundation
import RecipeCartDomain

/// Orders beside the carts they came from, on whichever database the carts are.
package protocol OrderStore: Sendable {
    /// Turns the session's cart into an order and empties the cart, in one transaction, provided the cart still
    /// holds exactly the lines `content` copied (a change in between, or a second send, places nothing), and, for an
    /// order with a pickup slot, that the slot has a place left, and for a priced order, that the shelf holds its
    /// packs: both are taken in the same transaction, or nothing is placed.
    /// With `renewedAs`, everything the session stored (its orders, this one included) moves to that new id in the
    /// same transaction, and the renewal is recorded for ten minutes (`renewal(of:to:)`,
    /// `SessionRenewalSchema.window`): the session's stakes change when a phone number and note enter the shop.
    func place(
        _ content: OrderContent, note: String, slot: PickupBooking?, session: SessionKey, renewedAs: SessionKey?
    ) async throws -> OrderPlacement
    /// Whether a send renewed `old` as `new` within the last ten minutes: the browser whose send's answer was lost
    /// then finds its order under `new`.
    func renewal(of old: SessionKey, to new: SessionKey) async throws -> Bool
    /// The order under `code`, and whether `session` placed it.
    func order(_ code: OrderCode, session: SessionKey?) async throws -> (order: Order, isOwn: Bool)?
    /// A session's orders, newest first.
    func orders(session: SessionKey) async throws -> [Order]
    /// Orders not yet collected or cancelled, oldest first, with their pick marks: the staff board's queue.
    func openOrders() async throws -> [Order]
    /// Orders collected or cancelled since `since`, the latest first: the board's "Recently done".
    func recentlyDone(since: Date) async throws -> [Order]
    /// The times of every order sent since `since`, oldest first, for the day's numbers.
    func timings(placedSince since: Date) async throws -> [OrderTiming]
    /// The times of every order due within `day`: its slot starts then, or, without a slot, it was sent then.
    func timings(dueWithin day: DateInterval) async throws -> [OrderTiming]
    /// Moves an order from `current` to `target`, remembering `current` so the move can be taken back.
    /// - Returns: false when it is no longer at `current` (someone else moved it first) or there is no such order;
    ///   nothing changes then.
    func move(_ code: OrderCode, from current: OrderStatus, to target: OrderStatus) async throws -> Bool
    /// Takes back the last move of an order still at `current` that was moved at or after `movedSince`.
    /// - Returns: the status it is back at; nil when it has moved since, was never moved, its move was taken back
    ///   already or is older than `movedSince`; nothing changes then.
    func moveBack(_ code: OrderCode, from current: OrderStatus, movedSince: Date) async throws -> OrderStatus?
    /// Marks one row of an open order's pick list, provided the row is still marked `expected` (nil: unmarked), as
    /// status moves are: two people marking at once do not overwrite each other unseen. A nil `mark` clears it.
    /// - Returns: false when the row's mark is no longer `expected`, or the order is gone or no longer open.
    func mark(_ code: OrderCode, row: String, expected: PickMark?, to mark: PickMark?) async throws -> Bool
    /// Opens `session`'s own order back into its empty cart, for the shopper to change and send again under the same
    /// code, provided packing has not started (the order is `new` and no row is marked). The order stays placed, its
    /// stock held, until the changes are sent (`replace`) or kept as they were (`keepOrder`).
    func reopen(_ code: OrderCode, session: SessionKey) async throws -> OrderReopening
    /// What a send reads of `session`: its cart, its "I have this" marks and the order it is changing, in one read.
    func cartToSend(session: SessionKey) async throws -> CartToSend
    /// The order `session`'s cart is changing, if any.
    func changing(session: SessionKey) async throws -> OrderCode?
    /// Keeps the order `session` was changing as it was: forgets the change and empties the cart.
    /// - Returns: the order it was changing; nil when it was changing none, and nothing changes then.
    func keepOrder(session: SessionKey) async throws -> OrderCode?
    /// Sends the changes: in one transaction, provided `session` is still changing `code`, its cart holds exactly the
    /// lines `content` copied and packing has not started, gives the order's stock (and slot place, when the slot
    /// changes) back, takes `content`'s, replaces its content, note and slot under the same code, empties the cart and,
    /// with a partner, writes `order.updated` to the outbox. Refused for packing, the change is forgotten and the
    /// cart kept; refused for the slot or the shelf, nothing changes.
    func replace(_ code: OrderCode, with content: OrderContent, note: String, slot: PickupBooking?, session: SessionKey)
        async throws -> OrderPlacement
}

extension OrderStore {
    /// An order to collect as soon as possible, as in a shop without slots.
    package func place(_ content: OrderContent, note: String, session: SessionKey) async throws -> OrderPlacement {
        try await place(content, note: note, slot: nil, session: session, renewedAs: nil)
    }

    /// Under the session's own id.
    package func place(_ content: OrderContent, note: String, slot: PickupBooking?, session: SessionKey) async throws
        -> OrderPlacement
    {
        try await place(content, note: note, slot: slot, session: session, renewedAs: nil)
    }
}

package enum OrderPlacement: Sendable, Equatable {
    case placed(Order)
    /// Nothing in the cart: never filled, or sent already.
    case emptyCart
    /// The cart changed between reading it and sending it.
    case cartChanged
    /// The slot's last place went to another order first.
    case slotFull
    /// The shelf has fewer packs left of these products than the order's priced rows take.
    case shortOfStock([StockShortage])
    /// The order being changed started packing first: it can no longer be changed.
    case packingStarted
}
