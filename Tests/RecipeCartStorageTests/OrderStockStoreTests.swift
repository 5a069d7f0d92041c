import Foundation
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartShelf
import RecipeCartStorage
import RecipeCartTestSupport
import Testing

/// Priced orders' contract, on SQLite and on PostgreSQL alike: the priced rows kept as sent, packs taken from the
/// shelf with the order or not at all, given back by a cancel, and the last packs going to one order each.
@Suite struct OrderStockStoreTests {
    let cake = RecipeID("bundled-1")!

    private func cart(of session: SessionKey, butter packs: Int, in stores: TestStores) async throws -> OrderContent {
        try await stores.carts.apply(.increment, recipe: cake, session: session)
        let cart = try await stores.carts.cart(session: session)
        var content = OrderContent(
            cart: cart, ingredients: try await stores.catalog.ingredients(of: cart.lines.map(\.recipe.id)), have: [:])
        content.pricing = PricedShelfFixture.pricing(butter: packs)
        return content
    }

    private func stock(_ stores: TestStores) async throws -> Int? {
        try await stores.stores.products.product(sku: "BUT-250")?.stock
    }

    @Test(arguments: StoreBackend.all) func aPlacedOrderKeepsItsPricesAndTakesItsPacks(backend: StoreBackend)
        async throws
    {
        try await PricedShelfFixture.withShelf(backend, butter: 12) { (stores: TestStores) async throws in
            let session = SessionKey(sessionID: "priced")
            let content = try await cart(of: session, butter: 2, in: stores)
            let generation = try await stores.catalog.generation()
            guard case .placed(let order) = try await stores.orders.place(content, note: "", session: session) else {
                Issue.record("the order was not placed")
                return
            }
            #expect(order.content.pricing == PricedShelfFixture.pricing(butter: 2))
            #expect(order.content.pricing?.estimateMinor == 2 * 249 + 57)
            #expect(try await stock(stores) == 10)
            // A count going down shows on no page: the catalog's generation stays.
            #expect(try await stores.catalog.generation() == generation)

            _ = try await stores.stores.products.save([ProductStoreTests.butter(price: 999, stock: 10, version: 1)])
            let read = try #require(try await stores.orders.order(order.code, session: session))
            #expect(read.order.content.pricing == PricedShelfFixture.pricing(butter: 2))
        }
    }

    @Test(arguments: StoreBackend.all) func aShelfShortOfPacksPlacesNothingAndTakesNothing(backend: StoreBackend)
        async throws
    {
        try await PricedShelfFixture.withShelf(backend, butter: 1) { (stores: TestStores) async throws in
            let session = SessionKey(sessionID: "short")
            let content = try await cart(of: session, butter: 2, in: stores)
            let generation = try await stores.catalog.generation()
            #expect(
                try await stores.orders.place(content, note: "", session: session)
                    == .shortOfStock([StockShortage(sku: "BUT-250", name: "Butter 250 g", needed: 2, left: 1)]))
            #expect(try await stock(stores) == 1)
            #expect(try await stores.carts.itemCount(session: session) == 1)
            #expect(try await stores.orders.orders(session: session).isEmpty)
            // The pages that offered the packs read the shelf again.
            #expect(try await stores.catalog.generation() > generation)
        }
    }

    @Test(arguments: StoreBackend.all) func aProductTheShopDoesNotCountIsNeverShort(backend: StoreBackend)
        async throws
    {
        try await PricedShelfFixture.withShelf(backend, butter: nil) { (stores: TestStores) async throws in
            let session = SessionKey(sessionID: "uncounted")
            let content = try await cart(of: session, butter: 40, in: stores)
            guard case .placed = try await stores.orders.place(content, note: "", session: session) else {
                Issue.record("the order was not placed")
                return
            }
            #expect(try await stock(stores) == nil)
        }
    }

    @Test(arguments: StoreBackend.all) func aCancelPutsThePacksBackAndTakingItBackTakesThemAgain(
        backend: StoreBackend
    ) async throws {
        try await PricedShelfFixture.withShelf(backend, butter: 2) { (stores: TestStores) async throws in
            let session = SessionKey(sessionID: "cancel")
            let content = try await cart(of: session, butter: 2, in: stores)
            let generation = try await stores.catalog.generation()
            guard case .placed(let order) = try await stores.orders.place(content, note: "", session: session) else {
                Issue.record("the order was not placed")
                return
            }
            #expect(try await stock(stores) == 0)
            // The last packs gone: pages stop offering them.
            let soldOut = try await stores.catalog.generation()
            #expect(soldOut > generation)

            #expect(try await stores.orders.move(order.code, from: .new, to: .cancelled))
            #expect(try await stock(stores) == 2)
            #expect(try await stores.catalog.generation() > soldOut)
            #expect(try await stores.orders.moveBack(order.code, from: .cancelled, movedSince: .distantPast) == .new)
            #expect(try await stock(stores) == 0)
        }
    }

    /// Onions by weight, counted: 2 kg on the shelf, as the till's file gives them.
    private func weighedOnions(_ grams: Int, stock: Int?) -> OrderPricing {
        OrderPricing(
            currency: "EUR",
            lines: [
                PricedOrderLine(
                    rowKey: "onion", sku: "ONI-KG", name: "Onions", packs: 1, amount: grams, unit: "g",
                    unitPriceMinor: 189, priceMinor: grams * 189 / 1000, isWeighed: true, stockTaken: 0,
                    amountTaken: stock == nil ? nil : grams)
            ],
            isEstimated: true)
    }

    @Test(arguments: StoreBackend.all) func aWeighedGoodIsTakenByWeightNotByWholePackSizes(backend: StoreBackend)
        async throws
    {
        try await PricedShelfFixture.withShelf(backend, butter: 2) { (stores: TestStores) async throws in
            var onions = ProductStoreTests.onions
            onions.stock = 2
            _ = try await stores.stores.products.save([onions])
            func shelf() async throws -> (Int?, Int, Int?) {
                let product = try #require(try await stores.stores.products.product(sku: "ONI-KG"))
                return (product.stock, product.stockPart, product.offer?.stockAmount)
            }
            func send(_ grams: Int, as shopper: String) async throws -> OrderPlacement {
                let session = SessionKey(sessionID: shopper)
                var content = try await cart(of: session, butter: 0, in: stores)
                content.pricing = weighedOnions(grams, stock: 2)
                return try await stores.orders.place(content, note: "", session: session)
            }
            // 300 g cuts one kilogram; the next 500 g come out of what is left of it.
            guard case .placed(let first) = try await send(300, as: "first") else {
                Issue.record("the first order was not placed")
                return
            }
            #expect(try await shelf() == (1, 700, 1700))
            guard case .placed = try await send(500, as: "second") else {
                Issue.record("the second order was not placed")
                return
            }
            #expect(try await shelf() == (1, 200, 1200))
            // More than is left is short, told in grams, and takes nothing.
            #expect(
                try await send(1250, as: "third")
                    == .shortOfStock([StockShortage(sku: "ONI-KG", name: "Onions", needed: 1250, left: 1200, unit: "g")]
                    ))
            #expect(try await shelf() == (1, 200, 1200))
            // A cancel puts the weight back, whole kilograms again where it makes them; taking it back takes it again.
            #expect(try await stores.orders.move(first.code, from: .new, to: .cancelled))
            #expect(try await shelf() == (1, 500, 1500))
            #expect(try await stores.orders.moveBack(first.code, from: .cancelled, movedSince: .distantPast) == .new)
            #expect(try await shelf() == (1, 200, 1200))
            // A new count from the till replaces the cut kilogram; saving the same count keeps it.
            _ = try await stores.stores.products.save([onions])
            #expect(try await shelf() == (2, 0, 2000))
            guard case .placed = try await send(1200, as: "fourth") else {
                Issue.record("the fourth order was not placed")
                return
            }
            #expect(try await shelf() == (0, 800, 800))
            var renamed = onions
            renamed.name = "Brown onions"
            renamed.stock = 0
            _ = try await stores.stores.products.save([renamed])
            #expect(try await shelf() == (0, 800, 800))
        }
    }

    @Test(arguments: StoreBackend.all) func theLastPacksGoToOneOrderEach(backend: StoreBackend) async throws {
        try await PricedShelfFixture.withShelf(backend, butter: 3) { (stores: TestStores) async throws in
            let shoppers = (0..<12).map { SessionKey(sessionID: "racer-\($0)") }
            var contents: [OrderContent] = []
            for shopper in shoppers { contents.append(try await cart(of: shopper, butter: 1, in: stores)) }
            let placements = try await withThrowingTaskGroup(of: OrderPlacement.self) { group in
                for (shopper, content) in zip(shoppers, contents) {
                    group.addTask { try await stores.orders.place(content, note: "", session: shopper) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let placed = placements.filter { if case .placed = $0 { true } else { false } }
            #expect(placed.count == 3)
            #expect(
                placements.filter {
                    $0 == .shortOfStock([StockShortage(sku: "BUT-250", name: "Butter 250 g", needed: 1, left: 0)])
                }
                .count == 9)
            #expect(try await stock(stores) == 0)
        }
    }
}
