import Foundation
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartTestSupport
import Testing

/// Pickup slot settings and the race for a slot's last place, on SQLite and on PostgreSQL alike.
@Suite struct PickupSlotStoreTests {
    static let saturday = PickupSlot(
        start: Date(timeIntervalSince1970: 1_792_832_400), end: Date(timeIntervalSince1970: 1_792_834_200))
    let cake = RecipeID("bundled-1")!

    static let settings = PickupSlotSettings(
        hours: [2: OpeningHours(opens: 9 * 60, closes: 17 * 60), 7: OpeningHours(opens: 8 * 60, closes: 12 * 60 + 30)],
        slotMinutes: 15, capacity: 500, cutOffMinutes: 1440,
        closedDays: [CalendarDay("2026-12-25")!, CalendarDay("2027-01-01")!])

    private func content(of session: SessionKey, in stores: TestStores) async throws -> OrderContent {
        let cart = try await stores.carts.cart(session: session)
        return OrderContent(
            cart: cart, ingredients: try await stores.catalog.ingredients(of: cart.lines.map(\.recipe.id)), have: [:])
    }

    @Test(arguments: StoreBackend.all) func settingsAreKeptWholeAndCanBeTurnedOff(backend: StoreBackend) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            let slots = stores.stores.pickupSlots
            #expect(try await slots.settings() == nil)
            try await slots.save(Self.settings)
            #expect(try await slots.settings() == Self.settings)
            var changed = Self.settings
            changed.hours = [1: OpeningHours(opens: 0, closes: 1440)]
            changed.slotMinutes = 60
            changed.capacity = 1
            changed.cutOffMinutes = 0
            changed.closedDays = []
            try await slots.save(changed)
            #expect(try await slots.settings() == changed)
            // What another instance reads: the same database opened again.
            let reopened = try await stores.reopen()
            #expect(try await reopened.pickupSlots.settings() == changed)
            try await reopened.pickupSlots.save(nil)
            #expect(try await reopened.pickupSlots.settings() == nil)
            reopened.close()
        }
    }

    @Test(arguments: StoreBackend.all) func theDatabaseRefusesSettingsOutOfRange(backend: StoreBackend) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            let slots = stores.stores.pickupSlots
            for bad in [
                PickupSlotSettings(hours: [:], slotMinutes: 45, capacity: 1, cutOffMinutes: 0),
                PickupSlotSettings(hours: [:], slotMinutes: 30, capacity: 0, cutOffMinutes: 0),
                PickupSlotSettings(hours: [:], slotMinutes: 30, capacity: 501, cutOffMinutes: 0),
                PickupSlotSettings(hours: [:], slotMinutes: 30, capacity: 1, cutOffMinutes: -1),
                PickupSlotSettings(hours: [:], slotMinutes: 30, capacity: 1, cutOffMinutes: 1441),
                PickupSlotSettings(
                    hours: [2: OpeningHours(opens: 600, closes: 540)], slotMinutes: 30, capacity: 1, cutOffMinutes: 0),
            ] {
                await #expect(throws: (any Error).self) { try await slots.save(bad) }
            }
            #expect(try await slots.settings() == nil)
        }
    }

    /// Shoppers racing for a slot's last places: exactly as many orders as it has room for, the others told it is
    /// full with their carts kept; a cancel gives a place back.
    @Test(arguments: StoreBackend.all) func theLastPlaceGoesToOneOrderOnly(backend: StoreBackend) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            try await stores.installBundled()
            let shoppers = (0..<8).map { SessionKey(sessionID: "slot-racer-\($0)") }
            var contents: [OrderContent] = []
            for shopper in shoppers {
                try await stores.carts.apply(.increment, recipe: cake, session: shopper)
                contents.append(try await content(of: shopper, in: stores))
            }
            let booking = PickupBooking(slot: Self.saturday, capacity: 3)
            let orders = stores.orders
            let placements = try await withThrowingTaskGroup(of: (Int, OrderPlacement).self) { group in
                for (index, shopper) in shoppers.enumerated() {
                    let content = contents[index]
                    group.addTask {
                        (
                            index,
                            try await orders.place(content, note: "racer \(index)", slot: booking, session: shopper)
                        )
                    }
                }
                return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
            }
            let placed = placements.values.compactMap { placement -> Order? in
                if case .placed(let order) = placement { order } else { nil }
            }
            #expect(placed.count == 3)
            #expect(placements.values.filter { $0 == .slotFull }.count == 5)
            #expect(placed.allSatisfy { $0.slot == Self.saturday })
            for (index, placement) in placements where placement == .slotFull {
                #expect(try await stores.carts.itemCount(session: shoppers[index]) == 1, "cart \(index) kept")
            }
            let window = DateInterval(start: Self.saturday.start.addingTimeInterval(-60), duration: 3600)
            #expect(try await stores.stores.pickupSlots.taken(within: window) == [Self.saturday.start: 3])
            let stored = try #require(try await orders.order(placed[0].code, session: nil))
            #expect(stored.order.slot == Self.saturday)

            // A cancel gives its place back, and a later shopper takes it; bringing the cancelled one back takes it
            // again, past the room if need be: staff decided so.
            #expect(try await orders.move(placed[0].code, from: .new, to: .cancelled))
            #expect(try await stores.stores.pickupSlots.taken(within: window) == [Self.saturday.start: 2])
            let late = try #require(placements.first { $0.value == .slotFull }?.key)
            guard
                case .placed = try await orders.place(
                    contents[late], note: "", slot: booking, session: shoppers[late])
            else {
                Issue.record("the freed place was not taken")
                return
            }
            #expect(try await orders.moveBack(placed[0].code, from: .cancelled, movedSince: .distantPast) == .new)
            #expect(try await stores.stores.pickupSlots.taken(within: window) == [Self.saturday.start: 4])
        }
    }

    @Test(arguments: StoreBackend.all) func theDaysNumbersCountTheOrdersDueThatDay(backend: StoreBackend) async throws {
        let sentAt = Self.saturday.start.addingTimeInterval(-86_400)
        try await backend.withStores(clock: .fixed(sentAt)) { (stores: TestStores) async throws in
            try await stores.installBundled()
            let early = SessionKey(sessionID: "due-saturday")
            let now = SessionKey(sessionID: "due-now")
            for shopper in [early, now] {
                try await stores.carts.apply(.increment, recipe: cake, session: shopper)
            }
            _ = try await stores.orders.place(
                try await content(of: early, in: stores), note: "",
                slot: PickupBooking(slot: Self.saturday, capacity: 5),
                session: early)
            _ = try await stores.orders.place(try await content(of: now, in: stores), note: "", session: now)
            let friday = DateInterval(start: sentAt.addingTimeInterval(-3600), duration: 3 * 3600)
            let saturday = DateInterval(start: Self.saturday.start.addingTimeInterval(-3600), duration: 3 * 3600)
            #expect(try await stores.orders.timings(dueWithin: friday).map(\.slotStart) == [nil])
            #expect(try await stores.orders.timings(dueWithin: saturday).map(\.slotStart) == [Self.saturday.start])
        }
    }
}
