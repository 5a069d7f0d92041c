import Foundation
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartTestSupport
import Testing

/// What the live staff board asks of the order store, on SQLite and on PostgreSQL alike: moves taken back within a
/// window, the last hour's done orders, the day's orders, and pick marks set compare-and-set.
@Suite struct OrderBoardStoreTests {
    let session = SessionKey(sessionID: "board-session")
    let cake = RecipeID("bundled-1")!
    let start = Date(timeIntervalSince1970: 1_790_000_000)

    private func withOrder(
        _ backend: StoreBackend, clock: TestClock, substitution: SubstitutionChoice? = nil,
        _ body: (TestStores, Order) async throws -> Void
    ) async throws {
        try await backend.withStores(clock: AppClock { clock.now }) { (stores: TestStores) async throws in
            try await stores.installBundled()
            try await stores.carts.apply(.set(2), recipe: cake, session: session)
            let cart = try await stores.carts.cart(session: session)
            var content = OrderContent(
                cart: cart, ingredients: try await stores.catalog.ingredients(of: [cake]), have: [:])
            content.substitution = substitution
            guard case .placed(let order) = try await stores.orders.place(content, note: "", session: session) else {
                Issue.record("the cart was not sent")
                return
            }
            try await body(stores, order)
        }
    }

    @Test(arguments: StoreBackend.all) func aMoveCanBeTakenBackOnceWithinItsWindow(backend: StoreBackend) async throws {
        let clock = TestClock(start)
        try await withOrder(backend, clock: clock) { stores, order in
            let code = order.code
            #expect(try await stores.orders.moveBack(code, from: .new, movedSince: start) == nil, "never moved")
            #expect(try await stores.orders.move(code, from: .new, to: .picking))
            clock.advance(by: 30)
            #expect(try await stores.orders.move(code, from: .picking, to: .ready))
            let ready = try #require(try await stores.orders.order(code, session: nil)).order
            #expect(ready.previousStatus == .picking)
            #expect(ready.readyAt == clock.now)

            // Older than the window: nothing changes.
            clock.advance(by: 90)
            #expect(
                try await stores.orders.moveBack(code, from: .ready, movedSince: clock.now.addingTimeInterval(-60))
                    == nil)
            // Within it, from the status the board showed: back to picking, once.
            #expect(
                try await stores.orders.moveBack(code, from: .picking, movedSince: clock.now.addingTimeInterval(-120))
                    == nil, "a stale board's Undo changes nothing")
            #expect(
                try await stores.orders.moveBack(code, from: .ready, movedSince: clock.now.addingTimeInterval(-120))
                    == .picking)
            #expect(
                try await stores.orders.moveBack(code, from: .picking, movedSince: clock.now.addingTimeInterval(-120))
                    == nil, "a move is taken back once")
            let back = try #require(try await stores.orders.order(code, session: nil)).order
            #expect(back.status == .picking)
            #expect(back.previousStatus == nil)
            #expect(back.readyAt == ready.readyAt, "the first time it was ready still counts for the day's numbers")
        }
    }

    @Test(arguments: StoreBackend.all) func doneOrdersStayAnHourAndTheDayCountsEveryOrder(backend: StoreBackend)
        async throws
    {
        let clock = TestClock(start)
        try await withOrder(backend, clock: clock) { stores, order in
            #expect(try await stores.orders.timings(placedSince: start).map(\.code) == [order.code])
            #expect(try await stores.orders.timings(placedSince: start.addingTimeInterval(1)).isEmpty)
            #expect(try await stores.orders.move(order.code, from: .new, to: .cancelled))
            #expect(try await stores.orders.openOrders().isEmpty)
            let done = try await stores.orders.recentlyDone(since: start)
            #expect(done.map(\.code) == [order.code])
            #expect(done.first?.previousStatus == .new)
            clock.advance(by: 3601)
            #expect(try await stores.orders.recentlyDone(since: clock.now.addingTimeInterval(-3600)).isEmpty)
            // Brought back within the hour's window it is open again, where it was.
            #expect(try await stores.orders.moveBack(order.code, from: .cancelled, movedSince: start) == .new)
            #expect(try await stores.orders.openOrders().map(\.code) == [order.code])
        }
    }

    @Test(arguments: StoreBackend.all) func pickMarksAreSetOnlyOverTheMarkTheBoardShowed(backend: StoreBackend)
        async throws
    {
        let clock = TestClock(start)
        let choice = try #require(SubstitutionChoice(kind: "call-me", phone: "+44 20 7946 0000"))
        try await withOrder(backend, clock: clock, substitution: choice) { stores, order in
            let code = order.code
            #expect(try await stores.orders.mark(code, row: "flour", expected: nil, to: .found))
            #expect(
                !(try await stores.orders.mark(code, row: "flour", expected: nil, to: .short(missing: 1))),
                "a second board that saw the row unmarked does not overwrite the mark")
            #expect(try await stores.orders.mark(code, row: "flour", expected: .found, to: .short(missing: 2)))
            #expect(
                !(try await stores.orders.mark(code, row: "flour", expected: .short(missing: 1), to: nil)),
                "a different count is a different mark")
            #expect(try await stores.orders.mark(code, row: "eggs", expected: nil, to: .replaced(with: "duck eggs")))

            var read = try #require(try await stores.orders.order(code, session: session)).order
            #expect(read.pickMarks == ["flour": .short(missing: 2), "eggs": .replaced(with: "duck eggs")])
            #expect(read.content.substitution == choice)
            #expect(try await stores.orders.openOrders().first?.pickMarks == read.pickMarks)

            #expect(try await stores.orders.mark(code, row: "flour", expected: .short(missing: 2), to: nil))
            read = try #require(try await stores.orders.order(code, session: session)).order
            #expect(read.pickMarks == ["eggs": .replaced(with: "duck eggs")])

            // Once collected, its list no longer changes.
            #expect(try await stores.orders.move(code, from: .new, to: .picking))
            #expect(try await stores.orders.move(code, from: .picking, to: .ready))
            #expect(try await stores.orders.move(code, from: .ready, to: .collected))
            #expect(!(try await stores.orders.mark(code, row: "sugar", expected: nil, to: .found)))
            #expect(!(try await stores.orders.mark(OrderCode("ZZZZZZ")!, row: "sugar", expected: nil, to: .found)))
        }
    }
}
