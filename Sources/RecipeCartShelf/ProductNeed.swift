/// A need in one product's base unit (grams, millilitres or pieces), for choosing its packs and costing what is used.
package struct ProductNeed: Sendable, Equatable {
    package var unit: PackSize.Unit
    /// Thousandths of the unit, rounded up, so that cost by the amount used can charge half a lemon as half a lemon.
    package var milli: Int
    /// True when a typical weight a piece went into it (`2 onions` as 220 g).
    package var isEstimated: Bool
    /// The list's amounts that could not be brought to this unit (`1 small bunch`, `200 ml` of a thing without a
    /// density), as the list shows them. Words that are no amount (`to taste`) are not among them.
    package var leftOut: [String]

    /// The most of anything a need may come to: 10 t, 10 m³ or ten million pieces. Past it a recipe's figure is a
    /// joke or a typo, and keeping needs bounded keeps every product of a need and a price far inside `Int`.
    package static let largestAmount = 10_000_000

    package init(unit: PackSize.Unit, milli: Int, isEstimated: Bool, leftOut: [String]) {
        self.unit = unit
        self.milli = milli
        self.isEstimated = isEstimated
        self.leftOut = leftOut
    }

    /// `amount` whole units, as a recipe's `200 g` or a packed need is.
    package init(_ amount: Int, _ unit: PackSize.Unit, isEstimated: Bool = false) {
        self.init(unit: unit, milli: amount * 1000, isEstimated: isEstimated, leftOut: [])
    }

    /// Whole units to take from the shelf, rounded up: buy at least the amount needed.
    package var amount: Int {
        (milli + 999) / 1000
    }

    /// False when nothing of the need could be brought to this unit.
    package var hasAmount: Bool {
        milli > 0
    }
}
