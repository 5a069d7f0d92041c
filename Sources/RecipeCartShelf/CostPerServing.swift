/// What a serving of a recipe costs, as a tile, a cart line, a detail page and Browse's cost filter and order read it:
/// `ServingCost` without its rows, small enough to hold for every recipe of a large catalog.
package struct CostPerServing: Sendable, Equatable {
    package var minor: Int
    /// Weighed goods, or a weight a piece, went into it.
    package var isEstimated: Bool
    /// Some of its ingredients have no price: the recipe costs at least this.
    package var isIncomplete: Bool

    package init(minor: Int, isEstimated: Bool, isIncomplete: Bool) {
        self.minor = minor
        self.isEstimated = isEstimated
        self.isIncomplete = isIncomplete
    }

    /// nil when nothing of the recipe could be priced.
    package init?(_ cost: ServingCost) {
        guard cost.totalMinor > 0 else { return nil }
        self.init(minor: cost.perServingMinor, isEstimated: cost.isEstimated, isIncomplete: cost.isIncomplete)
    }

    /// "Cheapest first": whole costs by amount, then the "at least" ones by theirs, then recipes with no cost.
    package static func orderKey(_ cost: CostPerServing?) -> (Int, Int) {
        guard let cost else { return (2, 0) }
        return (cost.isIncomplete ? 1 : 0, cost.minor)
    }

    /// Whether "under `ceilingMinor` a serving" finds it: only a cost known whole can promise that.
    package func isAtMost(_ ceilingMinor: Int) -> Bool {
        !isIncomplete && minor <= ceilingMinor
    }
}
