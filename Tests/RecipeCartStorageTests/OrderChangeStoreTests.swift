import Foundation
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartShelf
import RecipeCartStorage
import RecipeCartTestSupport
import Testing

/// Changing an order until packing starts, on SQLite and on PostgreSQL alike: the order opened back into the cart,
/// its stock given back and taken again with the changes in one transaction under the same code, and refused once
/// staff started packing, a start of packing racing the change included.
@Suite struct OrderChangeStoreTests {
    let cake = RecipeID("bundled-1")!

    /// The session's cart as it is now, priced at `packs` of butter.
    private func content(of session: SessionKey, butter packs: Int, in stores: TestStores) async throws
        -> OrderContent
    {
        let cart = try await stores.carts.cart(session: session)
        var content = OrderContent(
            cart: cart, ingredients: try await stores.catalog.ingredients(of: cart.lines.map(\.recipe.id)), have: [:])
        content.pricing = PricedShelfFixture.pricing(butter: packs)
        return content
    }

    /// One batch of the cake, placed with `packs` of butter.
    private func placed(_ session: SessionKey, butter packs: Int, in stores: TestStores) async throws -> Order {
        try await stores.carts.apply(.increment, recipe: cake, session: session)
        let placement = try await stores.orders.place(
            try await content(of: session, butter: packs, in: stores), note: "Ann", session: session)
        guard case .placed(let order) = placement else { throw CancellationError() }
        return order
    }

    private func stock(_ stores: TestStores) async throws -> Int? {
        try await stores.stores.products.product(sku: "BUT-250")?.stock
    }

    @Test(arguments: StoreBackend.all) func aChangeGivesTheStockBackAndTakesTheNewUnderTheSameCode(
        backend: StoreBackend
    ) async throws {
        try await PricedShelfFixture.withShelf(backend, butter: 12) { (stores: TestStores) async throws in
            let session = SessionKey(sessionID: "change")
            let order = try await placed(session, butter: 2, in: stores)
            #expect(try await stock(stores) == 10)

            #expect(try await stores.orders.reopen(order.code, session: session) == .reopened)
            #expect(try await stores.orders.changing(session: session) == order.code)
            let reopened = try await stores.carts.cart(session: session)
            #expect(reopened.lines.map(\.recipe.id) == [cake])
            #expect(reopened.lines.map(\.quantity) == [1])
            // Still placed, its packs still held, until the changes are sent.
            #expect(try await stock(stores) == 10)
            #expect(try await stores.orders.order(order.code, session: session)?.order == order)

            try await stores.carts.apply(.set(3), recipe: cake, session: session)
            let changed = try await content(of: session, butter: 3, in: stores)
            guard
                case .placed(let replaced) = try await stores.orders.replace(
                    order.code, with: changed, note: "Ann B", slot: nil, session: session)
            else {
                Issue.record("the change was not sent")
                return
            }
            #expect(replaced.code == order.code)
            #expect(replaced.placedAt == order.placedAt)
            // 2 given back, 3 taken.
            #expect(try await stock(stores) == 9)
            let read = try #require(try await stores.orders.order(order.code, session: session))
            #expect(read.order.content == changed)
            #expect(read.order.note == "Ann B")
            #expect(read.order.status == .new)
            #expect(try await stores.orders.timings(placedSince: .distantPast).map(\.estimateMinor) == [3 * 249 + 57])
            #expect(try await stores.orders.orders(session: session).map(\.code) == [order.code])
            #expect(try await stores.carts.itemCount(session: session) == 0)
            #expect(try await stores.orders.changing(session: session) == nil)
            // Sent: a second send of the same change finds nothing to change.
            #expect(
                try await stores.orders.replace(order.code, with: changed, note: "", slot: nil, session: session)
                    == .cartChanged)
            #expect(try await stock(stores) == 9)
        }
    }

    @Test(arguments: StoreBackend.all) func anOrderIsOpenedOnlyByItsSessionIntoAnEmptyCartOnce(backend: StoreBackend)
        async throws
    {
        try await PricedShelfFixture.withShelf(backend, butter: 12) { (stores: TestStores) async throws in
            let session = SessionKey(sessionID: "own")
            let order = try await placed(session, butter: 2, in: stores)
            let stranger = SessionKey(sessionID: "stranger")
            #expect(try await stores.orders.reopen(order.code, session: stranger) == .notFound)
            #expect(try await stores.orders.reopen(OrderCode("ZZZZZZ")!, session: session) == .notFound)
            #expect(try await stores.carts.itemCount(session: stranger) == 0)

            try await stores.carts.apply(.increment, recipe: RecipeID("bundled-2")!, session: session)
            #expect(try await stores.orders.reopen(order.code, session: session) == .cartNotEmpty)
            #expect(try await stores.orders.changing(session: session) == nil)
            #expect(try await stores.carts.itemCount(session: session) == 1)
            try await stores.carts.clear(session: session)

            #expect(try await stores.orders.reopen(order.code, session: session) == .reopened)
            // A second press (another tab) leaves the cart as the first made it.
            #expect(try await stores.orders.reopen(order.code, session: session) == .reopened)
            #expect(try await stores.carts.itemCount(session: session) == 1)

            // Kept as it was: the cart is emptied, the order untouched.
            #expect(try await stores.orders.keepOrder(session: session) == order.code)
            #expect(try await stores.orders.keepOrder(session: session) == nil)
            #expect(try await stores.carts.itemCount(session: session) == 0)
            #expect(try await stores.orders.order(order.code, session: session)?.order == order)
            #expect(try await stock(stores) == 10)
        }
    }

    @Test(arguments: StoreBackend.all) func theChangeFollowsTheSessionToItsFreshID(backend: StoreBackend) async throws {
        try await PricedShelfFixture.withShelf(backend, butter: 12) { (stores: TestStores) async throws in
            let session = SessionKey(sessionID: "before")
            let order = try await placed(session, butter: 2, in: stores)
            #expect(try await stores.orders.reopen(order.code, session: session) == .reopened)
            // Emptied and filled again, the cart moves to a fresh id, and the change with it.
            try await stores.carts.apply(.set(0), recipe: cake, session: session)
            let fresh = SessionKey(sessionID: "after")
            let moved = try await stores.carts.change(
                .increment, recipe: cake, servings: nil, session: session, freshIfEmpty: fresh)
            #expect(moved.session == fresh)
            #expect(try await stores.orders.changing(session: session) == nil)
            #expect(try await stores.orders.changing(session: fresh) == order.code)
            guard
                case .placed = try await stores.orders.replace(
                    order.code, with: try await content(of: fresh, butter: 1, in: stores), note: "", slot: nil,
                    session: fresh)
            else {
                Issue.record("the change was not sent from the fresh id")
                return
            }
            #expect(try await stock(stores) == 11)
        }
    }

    @Test(arguments: StoreBackend.all) func packingStartedRefusesTheChangeAndKeepsTheCart(backend: StoreBackend)
        async throws
    {
        try await PricedShelfFixture.withShelf(backend, butter: 12) { (stores: TestStores) async throws in
            let session = SessionKey(sessionID: "late")
            let order = try await placed(session, butter: 2, in: stores)
            #expect(try await stores.orders.reopen(order.code, session: session) == .reopened)
            try await stores.carts.apply(.set(2), recipe: cake, session: session)
            let changed = try await content(of: session, butter: 3, in: stores)
            #expect(try await stores.orders.move(order.code, from: .new, to: .picking))

            #expect(
                try await stores.orders.replace(order.code, with: changed, note: "", slot: nil, session: session)
                    == .packingStarted)
            #expect(try await stock(stores) == 10)
            let read = try #require(try await stores.orders.order(order.code, session: session))
            #expect(read.order.content == order.content)
            #expect(read.order.status == .picking)
            // The cart is the shopper's, no longer a change of the order.
            #expect(try await stores.carts.itemCount(session: session) == 2)
            #expect(try await stores.orders.changing(session: session) == nil)
            try await stores.carts.clear(session: session)
            #expect(try await stores.orders.reopen(order.code, session: session) == .packingStarted)
            #expect(try await stores.carts.itemCount(session: session) == 0)

            // A pick mark starts packing too, before "Start packing" is pressed.
            let marked = try await placed(SessionKey(sessionID: "marked"), butter: 1, in: stores)
            #expect(try await stores.orders.mark(marked.code, row: "butter", expected: nil, to: .found))
            #expect(
                try await stores.orders.reopen(marked.code, session: SessionKey(sessionID: "marked"))
                    == .packingStarted)
        }
    }

    @Test(arguments: StoreBackend.all) func aChangeShortOfStockChangesNothing(backend: StoreBackend) async throws {
        try await PricedShelfFixture.withShelf(backend, butter: 3) { (stores: TestStores) async throws in
            let session = SessionKey(sessionID: "short")
            let order = try await placed(session, butter: 2, in: stores)
            #expect(try await stores.orders.reopen(order.code, session: session) == .reopened)
            try await stores.carts.apply(.set(4), recipe: cake, session: session)
            let changed = try await content(of: session, butter: 4, in: stores)
            // The order's own 2 packs count as left for it.
            #expect(
                try await stores.orders.replace(order.code, with: changed, note: "", slot: nil, session: session)
                    == .shortOfStock([StockShortage(sku: "BUT-250", name: "Butter 250 g", needed: 4, left: 3)]))
            #expect(try await stock(stores) == 1)
            #expect(try await stores.orders.order(order.code, session: session)?.order == order)
            #expect(try await stores.orders.changing(session: session) == order.code)
            #expect(try await stores.carts.itemCount(session: session) == 4)

            // Its own packs and the one left are enough for 3.
            try await stores.carts.apply(.set(3), recipe: cake, session: session)
            guard
                case .placed = try await stores.orders.replace(
                    order.code, with: try await content(of: session, butter: 3, in: stores), note: "", slot: nil,
                    session: session)
            else {
                Issue.record("the change was not sent")
                return
            }
            #expect(try await stock(stores) == 0)
        }
    }

    @Test(arguments: StoreBackend.all) func aChangeMovesTheOrdersSlotPlaceOnlyWhenTheSlotChanges(backend: StoreBackend)
        async throws
    {
        try await PricedShelfFixture.withShelf(backend, butter: 12) { (stores: TestStores) async throws in
            let saturday = PickupSlotStoreTests.saturday
            let later = PickupSlot(
                start: saturday.start.addingTimeInterval(1800), end: saturday.end.addingTimeInterval(1800))
            let slots = stores.stores.pickupSlots
            let window = DateInterval(start: saturday.start, end: later.end)
            func taken() async throws -> [Date: Int] { try await slots.taken(within: window).filter { $0.value > 0 } }

            let session = SessionKey(sessionID: "slot")
            try await stores.carts.apply(.increment, recipe: cake, session: session)
            guard
                case .placed(let order) = try await stores.orders.place(
                    try await content(of: session, butter: 1, in: stores), note: "",
                    slot: PickupBooking(slot: saturday, capacity: 1), session: session)
            else {
                Issue.record("the order was not placed")
                return
            }
            #expect(try await taken() == [saturday.start: 1])

            // The same full slot again: its place is the order's own.
            #expect(try await stores.orders.reopen(order.code, session: session) == .reopened)
            guard
                case .placed(let same) = try await stores.orders.replace(
                    order.code, with: try await content(of: session, butter: 1, in: stores), note: "",
                    slot: PickupBooking(slot: saturday, capacity: 1), session: session)
            else {
                Issue.record("the change was not sent")
                return
            }
            #expect(same.slot == saturday)
            #expect(try await taken() == [saturday.start: 1])

            // A later slot another order filled: refused, the order and its place as they were.
            let other = SessionKey(sessionID: "other")
            try await stores.carts.apply(.increment, recipe: cake, session: other)
            guard
                case .placed = try await stores.orders.place(
                    try await content(of: other, butter: 1, in: stores), note: "",
                    slot: PickupBooking(slot: later, capacity: 1), session: other)
            else {
                Issue.record("the other order was not placed")
                return
            }
            #expect(try await stores.orders.reopen(order.code, session: session) == .reopened)
            let changed = try await content(of: session, butter: 1, in: stores)
            #expect(
                try await stores.orders.replace(
                    order.code, with: changed, note: "", slot: PickupBooking(slot: later, capacity: 1),
                    session: session) == .slotFull)
            #expect(try await taken() == [saturday.start: 1, later.start: 1])
            #expect(try await stores.orders.order(order.code, session: session)?.order.slot == saturday)
            #expect(try await stock(stores) == 10)

            // Room in it: the order's place moves there.
            guard
                case .placed(let moved) = try await stores.orders.replace(
                    order.code, with: changed, note: "", slot: PickupBooking(slot: later, capacity: 2),
                    session: session)
            else {
                Issue.record("the change was not sent")
                return
            }
            #expect(moved.slot == later)
            #expect(try await taken() == [later.start: 2])
            #expect(try await stores.orders.order(order.code, session: session)?.order.slot == later)
        }
    }

    @Test(arguments: StoreBackend.all) func aChangeRacingStartPackingHasOneWinner(backend: StoreBackend) async throws {
        try await PricedShelfFixture.withShelf(backend, butter: 100) { (stores: TestStores) async throws in
            var outcomes: Set<String> = []
            for round in 0..<6 {
                let session = SessionKey(sessionID: "race-\(round)")
                let order = try await placed(session, butter: 2, in: stores)
                #expect(try await stores.orders.reopen(order.code, session: session) == .reopened)
                try await stores.carts.apply(.set(3), recipe: cake, session: session)
                let changed = try await content(of: session, butter: 3, in: stores)
                let before = try #require(try await stock(stores))
                async let change = stores.orders.replace(
                    order.code, with: changed, note: "", slot: nil, session: session)
                async let packing = stores.orders.move(order.code, from: .new, to: .picking)
                let (placement, started) = try await (change, packing)
                #expect(started)
                let read = try #require(try await stores.orders.order(order.code, session: session))
                #expect(read.order.status == .picking)
                switch placement {
                case .placed:
                    // The change came first: packing starts on the changed order.
                    outcomes.insert("changed")
                    #expect(read.order.content == changed)
                    #expect(try await stock(stores) == before - 1)
                    #expect(try await stores.carts.itemCount(session: session) == 0)
                case .packingStarted:
                    // Packing came first: the shopper is told, and nothing of the order moved.
                    outcomes.insert("refused")
                    #expect(read.order.content == order.content)
                    #expect(try await stock(stores) == before)
                    #expect(try await stores.carts.itemCount(session: session) == 3)
                default:
                    Issue.record("unexpected \(placement)")
                }
            }
            #expect(!outcomes.isEmpty)
        }
    }

    @Test(arguments: StoreBackend.all) func aSentChangeTellsThePartnerOnceWithTheNewAmount(backend: StoreBackend)
        async throws
    {
        try await PricedShelfFixture.withShelf(backend, butter: 12, partnerEvents: true) {
            (stores: TestStores) async throws in
            let session = SessionKey(sessionID: "partner")
            let order = try await placed(session, butter: 2, in: stores)
            #expect(try await stores.orders.reopen(order.code, session: session) == .reopened)
            try await stores.carts.apply(.set(3), recipe: cake, session: session)
            let changed = try await content(of: session, butter: 3, in: stores)
            guard
                case .placed(let replaced) = try await stores.orders.replace(
                    order.code, with: changed, note: "", slot: nil, session: session)
            else {
                Issue.record("the change was not sent")
                return
            }
            #expect(replaced.partner?.status == .awaiting)
            #expect(
                try await stores.orders.replace(order.code, with: changed, note: "", slot: nil, session: session)
                    == .cartChanged)
            // Delivered in order, one event of an order at a time.
            let partner = stores.stores.partner
            var claimed: [ClaimedEvent] = []
            while let event = try await partner.claimDue(limit: 10, lease: 60).first {
                claimed.append(event)
                try await partner.delivered(event)
            }
            #expect(claimed.map(\.type) == ["order.placed", "order.updated"])
            let updated = try #require(claimed.last)
            let body = try #require(
                try JSONSerialization.jsonObject(with: Data(updated.body.utf8)) as? [String: Any])
            let data = try #require(body["data"] as? [String: Any])
            #expect(data["order"] as? String == order.code.rawValue)
            #expect(data["charge"] as? String == "authorise")
            #expect(data["amount"] as? Int == 3 * 249 + 57)
        }
    }
}
