import Foundation

/// The "was" price of a reduction, as EU Directive 2019/2161 (Art. 6a) has it: the lowest price of the 30 days before
/// the reduction, and never another. It is shown while the reduction is new (30 days), and only when the product's
/// latest change lowered its price below that lowest price: a price that went down after going up, to no less than
/// it was within the month, is no reduction.
package enum ReducedPrice {
    package static let window: TimeInterval = 30 * 24 * 3600

    /// `history` oldest first, as the store keeps it; nil when the price now is not a reduction to show.
    package static func wasPrice(history: [PriceChange], now: Date) -> Int? {
        guard let current = history.last, history.count >= 2, now.timeIntervalSince(current.at) < window else {
            return nil
        }
        let earlier = history.dropLast()
        let start = current.at.addingTimeInterval(-window)
        // The prices in force at some moment of the 30 days: the one in force when they began, and every later one.
        let inForceAtStart = earlier.last { $0.at <= start }
        let during = earlier.filter { $0.at > start } + (inForceAtStart.map { [$0] } ?? [])
        guard let lowest = during.map(\.priceMinor).min(), lowest > current.priceMinor else { return nil }
        return lowest
    }
}
