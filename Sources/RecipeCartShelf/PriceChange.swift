import Foundation

/// A price a product had from `at` on.
package struct PriceChange: Sendable, Equatable {
    package var priceMinor: Int
    package var at: Date

    package init(priceMinor: Int, at: Date) {
        self.priceMinor = priceMinor
        self.at = at
    }
}
