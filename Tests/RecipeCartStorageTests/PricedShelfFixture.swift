import Foundation
import RecipeCartDomain
import RecipeCartShelf
import RecipeCartStorage
import RecipeCartTestSupport

@testable import RecipeCartServices

/// The shelf the priced orders' store tests share: the bundled catalog, butter in 250 g packs (as many as a test
/// counts) and onions sold by weight.
enum PricedShelfFixture {
    static func withShelf(
        _ backend: StoreBackend, butter: Int?, partnerEvents: Bool = false, _ body: (TestStores) async throws -> Void
    ) async throws {
        try await backend.withStores(partnerEvents: partnerEvents) { (stores: TestStores) async throws in
            try await stores.installBundled()
            _ = try await stores.stores.products.save([
                ProductStoreTests.butter(stock: butter), ProductStoreTests.onions,
            ])
            try await body(stores)
        }
    }

    /// `packs` of butter and a weighed 300 g of onions, as `ShelfPricing.orderPricing` would price them.
    static func pricing(butter packs: Int) -> OrderPricing {
        OrderPricing(
            currency: "EUR",
            lines: [
                PricedOrderLine(
                    rowKey: "butter", sku: "BUT-250", name: "Butter 250 g", packs: packs, amount: 250 * packs,
                    unit: "g", unitPriceMinor: 249, priceMinor: 249 * packs, isWeighed: false, stockTaken: packs),
                PricedOrderLine(
                    rowKey: "onion", sku: "ONI-KG", name: "Onions", packs: 1, amount: 300, unit: "g",
                    unitPriceMinor: 189, priceMinor: 57, isWeighed: true, stockTaken: 0),
            ],
            isEstimated: true)
    }
}
