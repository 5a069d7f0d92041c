import Foundation
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartTestSupport
import Testing

/// The partner hand-off's contract, on SQLite and on PostgreSQL alike: the outbox written with each order change,
/// claims, the order of delivery, and the partner's status events.
@Suite struct PartnerStoreTests {
    let started = Date(timeIntervalSince1970: 1_750_000_000)
    let cake = RecipeID("bundled-1")!

    /// Stores with a partner configured, the bundled catalog installed.
    private func withPartner(
        _ backend: StoreBackend, clock: TestClock, partnerEvents: Bool = true,
        _ body: (TestStores) async throws -> Void
    ) async throws {
        try await backend.withStores(clock: AppClock { clock.now }, partnerEvents: partnerEvents) {
            (stores: TestStores) async throws in
            try await stores.installBundled()
            try await body(stores)
        }
    }

    /// An order placed by a session of its own.
    private func place(_ name: String, in stores: TestStores) async throws -> Order {
        let session = SessionKey(sessionID: "partner-\(name)")
        try await stores.carts.apply(.set(2), recipe: cake, servings: 4, session: session)
        let cart = try await stores.carts.cart(session: session)
        let ingredients = try await stores.catalog.ingredients(of: cart.lines.map(\.recipe.id))
        let placement = try await stores.orders.place(
            OrderContent(cart: cart, ingredients: ingredients, have: [:]), note: name, session: session)
        guard case .placed(let order) = placement else { throw CancellationError() }
        return order
    }

    @Test(arguments: StoreBackend.all) func placingCancellingAndReadyWriteEventsWithTheChange(backend: StoreBackend)
        async throws
    {
        let clock = TestClock(started)
        try await withPartner(backend, clock: clock) { (stores: TestStores) async throws in
            let order = try await place("ann", in: stores)
            #expect(order.partner == PartnerState(status: .awaiting, updatedAt: started))
            #expect(try await stores.orders.order(order.code, session: nil)?.order == order)
            #expect(try await stores.rowCount("partner_outbox") == 1)

            #expect(try await stores.orders.move(order.code, from: .new, to: .picking))
            #expect(try await stores.rowCount("partner_outbox") == 1)
            #expect(try await stores.orders.move(order.code, from: .picking, to: .ready))
            // A move that does not happen writes nothing.
            #expect(try await stores.orders.move(order.code, from: .picking, to: .ready) == false)
            #expect(try await stores.orders.move(order.code, from: .ready, to: .cancelled))
            #expect(try await stores.rowCount("partner_outbox") == 3)

            let partner = stores.stores.partner
            var types: [String] = []
            for _ in 0..<3 {
                let claimed = try await partner.claimDue(limit: 10, lease: 60)
                #expect(claimed.count == 1)
                let event = try #require(claimed.first)
                let body = try #require(
                    try JSONSerialization.jsonObject(with: Data(event.body.utf8)) as? [String: Any])
                let data = try #require(body["data"] as? [String: Any])
                #expect(body["type"] as? String == event.type)
                #expect(data["order"] as? String == order.code.rawValue)
                #expect((data["lines"] as? [[String: Any]])?.first?["batches"] as? Int == 2)
                #expect((data["shopping_list"] as? [Any])?.isEmpty == false)
                types.append(event.type)
                try await partner.delivered(event)
            }
            #expect(types == ["order.placed", "order.ready", "order.cancelled"])
            #expect(try await partner.claimDue(limit: 10, lease: 60).isEmpty)
            #expect(try await partner.handoffs([order.code]) == [order.code: .sent])
        }
    }

    @Test(arguments: StoreBackend.all) func withoutAPartnerNothingIsWritten(backend: StoreBackend) async throws {
        let clock = TestClock(started)
        try await withPartner(backend, clock: clock, partnerEvents: false) { (stores: TestStores) async throws in
            let order = try await place("bob", in: stores)
            #expect(order.partner == nil)
            #expect(try await stores.orders.move(order.code, from: .new, to: .cancelled))
            #expect(try await stores.rowCount("partner_outbox") == 0)
            #expect(try await stores.orders.order(order.code, session: nil)?.order.partner == nil)
        }
    }

    @Test(arguments: StoreBackend.all) func aClaimHoldsAnEventAndOneOrderWaitsForItsOldest(backend: StoreBackend)
        async throws
    {
        let clock = TestClock(started)
        try await withPartner(backend, clock: clock) { (stores: TestStores) async throws in
            let first = try await place("first", in: stores)
            clock.advance(by: 1)
            let second = try await place("second", in: stores)
            #expect(try await stores.orders.move(first.code, from: .new, to: .cancelled))
            let partner = stores.stores.partner

            // Each order's oldest event only; the cancel waits behind the placing of its order.
            let claimed = try await partner.claimDue(limit: 10, lease: 60)
            #expect(claimed.map(\.orderCode) == [first.code.rawValue, second.code.rawValue])
            #expect(claimed.map(\.type) == ["order.placed", "order.placed"])
            // Held events are not claimed twice, by this sender or another.
            #expect(try await partner.claimDue(limit: 10, lease: 60).isEmpty)

            // A failed try waits, and the order's later event waits behind it.
            try await partner.failed(claimed[0], error: "HTTP 503", wait: 2)
            try await partner.delivered(claimed[1])
            #expect(try await partner.claimDue(limit: 10, lease: 60).isEmpty)
            #expect(try await partner.backlog() == PartnerBacklog(waiting: 2, oldestCreatedAt: started))
            clock.advance(by: 2)
            let retried = try await partner.claimDue(limit: 10, lease: 60)
            #expect(retried.map(\.id) == [claimed[0].id])
            #expect(retried.first?.attempts == 1)

            // A lease that ran out lets another sender take the event; the first sender's answer then counts for
            // nothing.
            clock.advance(by: 61)
            let taken = try await partner.claimDue(limit: 10, lease: 60)
            #expect(taken.map(\.id) == [claimed[0].id])
            try await partner.delivered(retried[0])
            #expect(try await partner.backlog().waiting == 2)
            try await partner.delivered(taken[0])
            let cancel = try await partner.claimDue(limit: 10, lease: 60)
            #expect(cancel.map(\.type) == ["order.cancelled"])
        }
    }

    @Test(arguments: StoreBackend.all) func threeFailedTriesShowAsFailingAndTryAgainMakesItDue(backend: StoreBackend)
        async throws
    {
        let clock = TestClock(started)
        try await withPartner(backend, clock: clock) { (stores: TestStores) async throws in
            let order = try await place("carl", in: stores)
            let partner = stores.stores.partner
            #expect(try await partner.handoffs([order.code]) == [order.code: .waiting])
            for _ in 0..<3 {
                let event = try #require(try await partner.claimDue(limit: 10, lease: 60).first)
                try await partner.failed(event, error: "connection refused", wait: 300)
                clock.advance(by: 300)
            }
            #expect(
                try await partner.handoffs([order.code])
                    == [order.code: .failing(lastError: "connection refused", at: started + 600, attempts: 3)])
            #expect(try await partner.claimDue(limit: 10, lease: 60).count == 1)
            clock.advance(by: 61)
            #expect(try await partner.retryNow(order.code) == false)
            let event = try #require(try await partner.claimDue(limit: 10, lease: 60).first)
            try await partner.failed(event, error: "HTTP 500", wait: 300)
            #expect(try await partner.claimDue(limit: 10, lease: 60).isEmpty)
            #expect(try await partner.retryNow(order.code))
            #expect(try await partner.claimDue(limit: 10, lease: 60).count == 1)
        }
    }

    @Test(arguments: StoreBackend.all) func statusEventsMoveForwardOnlyAndRepeatsChangeNothing(backend: StoreBackend)
        async throws
    {
        let clock = TestClock(started)
        try await withPartner(backend, clock: clock) { (stores: TestStores) async throws in
            let order = try await place("dee", in: stores)
            let partner = stores.stores.partner
            func event(_ type: String, _ extra: String = "") throws -> (PartnerEvent, String) {
                let body =
                    #"{"type":"\#(type)","timestamp":"2025-06-15T15:06:40Z","data":{"order":"\#(order.code)"\#(extra)}}"#
                return (try PartnerEvent(json: Data(body.utf8)), body)
            }
            let paid = try event("payment.succeeded")
            #expect(try await partner.receive(paid.0, webhookID: "msg_1", body: paid.1) == .applied)
            #expect(try await partner.receive(paid.0, webhookID: "msg_1", body: paid.1) == .duplicate)
            clock.advance(by: 5)
            let shipped = try event("delivery.dispatched", #","tracking_url":"https://track.example/1""#)
            #expect(try await partner.receive(shipped.0, webhookID: "msg_2", body: shipped.1) == .applied)
            let delivered = try event("delivery.delivered")
            #expect(try await partner.receive(delivered.0, webhookID: "msg_3", body: delivered.1) == .applied)
            // Late: kept with the order, but the order stays delivered.
            #expect(try await partner.receive(paid.0, webhookID: "msg_4", body: paid.1) == .kept)
            let rejected = try event("order.rejected", #","reason":"too late""#)
            #expect(try await partner.receive(rejected.0, webhookID: "msg_5", body: rejected.1) == .kept)
            #expect(
                try await stores.orders.order(order.code, session: nil)?.order.partner
                    == PartnerState(
                        status: .delivered, trackingURL: "https://track.example/1", updatedAt: started + 5))
            #expect(try await stores.rowCount("partner_inbox") == 5)

            var unknown = paid.0
            unknown.order = "ZZZZZZ"
            #expect(try await partner.receive(unknown, webhookID: "msg_6", body: paid.1) == .unknownOrder)
            #expect(try await stores.rowCount("partner_inbox") == 5)
        }
    }

    @Test func retriesWaitLongerEachTimeUpToFiveMinutes() {
        #expect(PartnerRetry.wait(afterFailures: 1, random: 1) == 2)
        #expect(PartnerRetry.wait(afterFailures: 1, random: 0) == 1)
        #expect(PartnerRetry.wait(afterFailures: 2, random: 1) == 4)
        #expect(PartnerRetry.wait(afterFailures: 9, random: 1) == 300)
        #expect(PartnerRetry.wait(afterFailures: 1000, random: 1) == 300)
    }
}
