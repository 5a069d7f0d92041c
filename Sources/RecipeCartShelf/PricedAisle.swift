import RecipeCartDomain

/// The priced rows of one aisle and what they come to.
package struct PricedAisle: Sendable, Equatable {
    package var aisle: Aisle
    package var rows: [PricedRow]
    /// What the rows' picks cost, in minor units.
    package var subtotalMinor: Int
    package var isEstimated: Bool
    package var isIncomplete: Bool

    package init(aisle: Aisle, rows: [PricedRow]) {
        self.aisle = aisle
        self.rows = rows
        subtotalMinor = rows.reduce(0) { $0 + $1.choice.priceMinor }
        isEstimated = rows.contains { $0.choice.isEstimated && $0.choice.isPriced }
        isIncomplete = rows.contains(where: \.isIncomplete)
    }
}
