import Foundation
import RecipeCartDomain
import RecipeCartShelf
import RecipeCartStorage
import RecipeCartTestSupport
import Testing

@testable import RecipeCartServices

/// Packing makes the final bill, on SQLite and on PostgreSQL alike: each mark moves the shelf's stock by what it
/// changes of the order's holding, the move to ready fixes the amount to charge from the marks, and once ready the
/// bill no longer moves.
@Suite struct PackingStoreTests {
    let cake = RecipeID("bundled-1")!
    static let kerrygold = Product(
        sku: "KER-250", name: "Kerrygold 250 g", aisle: .dairyEggs, packSize: PackSize(250, .gram)!, priceMinor: 289,
        stock: 5)

    /// 3 packs of butter and 300 g of onions, both counted.
    static let pricing = OrderPricing(
        currency: "EUR",
        lines: [
            PricedOrderLine(
                rowKey: "butter", sku: "BUT-250", name: "Butter 250 g", packs: 3, amount: 750, unit: "g",
                unitPriceMinor: 249, priceMinor: 747, isWeighed: false, stockTaken: 3),
            PricedOrderLine(
                rowKey: "onion", sku: "ONI-KG", name: "Onions", packs: 1, amount: 300, unit: "g", unitPriceMinor: 189,
                priceMinor: 57, isWeighed: true, stockTaken: 0, amountTaken: 300),
        ],
        isEstimated: true)

    private func withPlacedOrder(_ backend: StoreBackend, _ body: (TestStores, Order) async throws -> Void)
        async throws
    {
        try await backend.withStores { (stores: TestStores) async throws in
            try await stores.installBundled()
            var onions = ProductStoreTests.onions
            onions.stock = 2
            _ = try await stores.stores.products.save([ProductStoreTests.butter(stock: 12), onions, Self.kerrygold])
            let session = SessionKey(sessionID: "packing")
            try await stores.carts.apply(.increment, recipe: cake, session: session)
            let cart = try await stores.carts.cart(session: session)
            var content = OrderContent(
                cart: cart, ingredients: try await stores.catalog.ingredients(of: cart.lines.map(\.recipe.id)),
                have: [:])
            content.pricing = Self.pricing
            guard case .placed(let order) = try await stores.orders.place(content, note: "", session: session) else {
                Issue.record("the order was not placed")
                return
            }
            try await body(stores, order)
        }
    }

    /// Butter packs, Kerrygold packs, and the onions' weight left.
    private func shelf(_ stores: TestStores) async throws -> (Int?, Int?, Int?) {
        let products = stores.stores.products
        return (
            try await products.product(sku: "BUT-250")?.stock, try await products.product(sku: "KER-250")?.stock,
            try await products.product(sku: "ONI-KG")?.offer?.stockAmount
        )
    }

    @Test(arguments: StoreBackend.all) func marksMoveStockAndReadyFixesTheBillAsPacked(backend: StoreBackend)
        async throws
    {
        try await withPlacedOrder(backend) { stores, order in
            let orders = stores.orders
            let code = order.code
            #expect(try await shelf(stores) == (9, 5, 1700))

            // One pack short goes back to the shelf; the onions weighed heavier take the grams more.
            #expect(try await orders.mark(code, row: "butter", expected: nil, to: .short(missing: 1)))
            #expect(try await shelf(stores) == (10, 5, 1700))
            #expect(try await orders.mark(code, row: "onion", expected: nil, to: .weighed(amount: 450)))
            #expect(try await shelf(stores) == (10, 5, 1550))
            #expect(
                !(try await orders.mark(code, row: "onion", expected: .weighed(amount: 400), to: .found)),
                "another weight than the board showed is another mark")

            // Unmarked, the row holds its three packs again; replaced, it holds the replacement's instead.
            #expect(try await orders.mark(code, row: "butter", expected: .short(missing: 1), to: nil))
            #expect(try await shelf(stores) == (9, 5, 1550))
            let offer = try #require(Self.kerrygold.offer)
            let line = PricedOrderLine(replacing: [Self.pricing.lines[0]], with: offer)
            #expect(
                try await orders.mark(
                    code, row: "butter", expected: nil, to: .replaced(with: "Kerrygold 250 g", line: line)))
            #expect(try await shelf(stores) == (12, 2, 1550))
            var read = try #require(try await orders.order(code, session: nil)).order
            #expect(read.pickMarks["butter"]?.replacementLine == line, "the replacement's price is kept as marked")
            #expect(read.finalMinor == nil)

            // Ready fixes what is charged: 3 × €2.89 and 450 g at €1.89 a kilogram (€0.8505, so €0.85).
            #expect(try await orders.move(code, from: .new, to: .picking))
            #expect(try await orders.move(code, from: .picking, to: .ready))
            read = try #require(try await orders.order(code, session: nil)).order
            #expect(read.finalMinor == 867 + 85)
            #expect(
                !(try await orders.mark(code, row: "onion", expected: .weighed(amount: 450), to: nil)),
                "a ready order's bill is fixed")
            #expect(try await shelf(stores) == (12, 2, 1550))
            #expect(
                try await orders.timings(placedSince: .distantPast).first?.finalMinor == 952,
                "the day's takings count it as charged")

            // Back to packing, the bill is open again; a cancel gives back what the order holds as packed.
            #expect(try await orders.moveBack(code, from: .ready, movedSince: .distantPast) == .picking)
            #expect(try await orders.order(code, session: nil)?.order.finalMinor == nil)
            #expect(try await orders.mark(code, row: "onion", expected: .weighed(amount: 450), to: nil))
            #expect(try await shelf(stores) == (12, 2, 1700))
            #expect(try await orders.move(code, from: .picking, to: .cancelled))
            #expect(try await shelf(stores) == (12, 5, 2000))
            #expect(try await orders.moveBack(code, from: .cancelled, movedSince: .distantPast) == .picking)
            #expect(try await shelf(stores) == (12, 2, 1700))
        }
    }

    @Test(arguments: StoreBackend.all) func aMarkRacingTheMoveToReadyLandsInTheBillOrIsRefused(backend: StoreBackend)
        async throws
    {
        try await withPlacedOrder(backend) { stores, order in
            let orders = stores.orders
            let code = order.code
            #expect(try await orders.move(code, from: .new, to: .picking))
            async let marked = orders.mark(code, row: "onion", expected: nil, to: .weighed(amount: 1000))
            async let ready = orders.move(code, from: .picking, to: .ready)
            let (didMark, didReady) = try await (marked, ready)
            #expect(didReady)
            let read = try #require(try await orders.order(code, session: nil)).order
            #expect(read.pickMarks["onion"] == (didMark ? .weighed(amount: 1000) : nil))
            #expect(read.finalMinor == PackedBill(Self.pricing, marks: read.pickMarks).totalMinor)
            #expect(try await shelf(stores).2 == (didMark ? 1000 : 1700))
        }
    }
}
