import Foundation
import RecipeCartShelf
import Testing

@Suite struct ReducedPriceTests {
    let day: TimeInterval = 24 * 3600
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    func history(_ prices: [(days: Double, minor: Int)]) -> [PriceChange] {
        prices.map { PriceChange(priceMinor: $0.minor, at: start + $0.days * day) }
    }

    @Test func aReductionShowsTheLowestPriceOfTheThirtyDaysBeforeIt() {
        // 2.49 for months, 1.99 for a week ten days ago, back to 2.49, now 1.79: the "was" is 1.99, not 2.49.
        let prices = history([(0, 249), (80, 199), (87, 249), (97, 179)])
        #expect(ReducedPrice.wasPrice(history: prices, now: start + 98 * day) == 199)
        // The price in force when the 30 days began counts, though it was set before them.
        #expect(ReducedPrice.wasPrice(history: history([(0, 249), (97, 179)]), now: start + 98 * day) == 249)
    }

    @Test func noWasPriceOtherwise() {
        // A rise, the first price, a cut back to no less than the month's lowest, an old reduction.
        #expect(ReducedPrice.wasPrice(history: history([(0, 199), (10, 249)]), now: start + 11 * day) == nil)
        #expect(ReducedPrice.wasPrice(history: history([(0, 199)]), now: start + 1 * day) == nil)
        #expect(
            ReducedPrice.wasPrice(history: history([(0, 249), (5, 179), (8, 299), (9, 179)]), now: start + 10 * day)
                == nil)
        #expect(ReducedPrice.wasPrice(history: history([(0, 249), (5, 199)]), now: start + 40 * day) == nil)
        #expect(ReducedPrice.wasPrice(history: [], now: start) == nil)
    }
}
