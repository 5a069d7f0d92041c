/// Picks the unit an amount reads best in, then prints it.
///
/// Metric amounts switch between g and kg (ml and l) by size alone: 1000 g and more prints in kg.
///
/// US customary amounts keep the unit the recipe wrote while it still reads well: within that
/// unit's comfortable range and landing on a fraction one can measure. Otherwise the largest unit
/// that does land on one wins, so `2 tsp` tripled prints `2 tbsp` and `½ cup` eighthed prints
/// `2 tbsp`; but never 30 tbsp or 20 tsp. When none does, the largest unit the amount is not too
/// small for prints it, rounded: `1.9 cups`.
package enum MeasureDisplay {
    /// An amount of `unit`, kept in that unit while it reads well.
    package static func text(_ amount: Amount, in unit: MeasureUnit) -> String {
        text(base: amount.map { $0 * unit.baseSize }, dimension: unit.dimension, system: unit.system, preferring: unit)
    }

    /// `base` is in grams or millilitres.
    package static func text(
        base: Amount, dimension: MeasureUnit.Dimension, system: MeasureUnit.System, preferring preferred: MeasureUnit?
    ) -> String {
        switch system {
        case .metric:
            let isLarge = AmountFormatter.roundedSmallMetric(base.low) >= 1000
            let unit: MeasureUnit =
                switch (dimension, isLarge) {
                case (.mass, false): .gram
                case (.mass, true): .kilogram
                case (.volume, false): .millilitre
                case (.volume, true): .litre
                }
            let amount = base.map { $0 / unit.baseSize }
            let printed = isLarge ? AmountFormatter.largeMetric(amount) : AmountFormatter.smallMetric(amount)
            return printed.text + " " + unit.symbol(plural: printed.isPlural)
        case .usCustomary:
            let ladder = dimension == .mass ? Rung.massLadder : Rung.volumeLadder
            let rung = chooseRung(for: base, on: ladder, preferring: preferred)
            let printed = AmountFormatter.fractions(base.map { $0 / rung.unit.baseSize })
            return printed.text + " " + rung.unit.symbol(plural: printed.isPlural)
        }
    }

    private static func chooseRung(for base: Amount, on ladder: [Rung], preferring preferred: MeasureUnit?) -> Rung {
        if let preferred, let rung = Rung.all.first(where: { $0.unit == preferred }),
            rung.suits(base, below: rung.keptBelow)
        {
            return rung
        }
        if let rung = ladder.first(where: { $0.suits(base, below: $0.chosenBelow) }) { return rung }
        return ladder.first { base.low / $0.unit.baseSize >= $0.floor } ?? ladder.last!
    }
}

/// One step of the US customary ladder: a unit, the smallest amount worth writing in it, the
/// amounts from which a cook would rather read the next unit up (`keptBelow` when the recipe wrote
/// this unit, `chosenBelow` otherwise), and the fractions one can measure.
private struct Rung {
    package var unit: MeasureUnit
    package var floor: Double
    package var keptBelow: Double
    package var chosenBelow: Double
    package var measurableFractions: [Double]

    package func suits(_ base: Amount, below limit: Double) -> Bool {
        [base.low, base.high].allSatisfy { baseValue in
            let value = baseValue / unit.baseSize
            let part = value - value.rounded(.down)
            let fractions = value >= 10 ? [0, 1.0 / 2, 1] : measurableFractions
            return value >= floor && value < limit && fractions.contains { abs($0 - part) < 0.01 }
        }
    }

    // 16 tbsp is a cup, 16 tsp ⅓ cup and 32 oz 2 lb, so the limits only bite when the larger
    // unit would not land on a fraction either.
    package static let cup = Rung(
        unit: .cup, floor: 1.0 / 4, keptBelow: .infinity, chosenBelow: .infinity,
        measurableFractions: [0, 1.0 / 8, 1.0 / 4, 1.0 / 3, 1.0 / 2, 2.0 / 3, 3.0 / 4, 1])
    package static let tablespoon = Rung(
        unit: .tablespoon, floor: 1, keptBelow: 8, chosenBelow: 16, measurableFractions: [0, 1.0 / 2, 1])
    package static let teaspoon = Rung(
        unit: .teaspoon, floor: 0, keptBelow: 3, chosenBelow: 16,
        measurableFractions: [0, 1.0 / 8, 1.0 / 4, 1.0 / 2, 3.0 / 4, 1])
    package static let fluidOunce = Rung(
        unit: .fluidOunce, floor: 1, keptBelow: .infinity, chosenBelow: 0, measurableFractions: [0, 1.0 / 2, 1])
    package static let pound = Rung(
        unit: .pound, floor: 1.0 / 4, keptBelow: .infinity, chosenBelow: .infinity,
        measurableFractions: [0, 1.0 / 4, 1.0 / 2, 3.0 / 4, 1])
    package static let ounce = Rung(
        unit: .ounce, floor: 0, keptBelow: 16, chosenBelow: 32, measurableFractions: [0, 1.0 / 2, 1])

    /// Fluid ounces are kept when written but never chosen: US recipes measure by the cup.
    package static let volumeLadder = [cup, tablespoon, teaspoon]
    package static let massLadder = [pound, ounce]
    package static let all = volumeLadder + massLadder + [fluidOunce]
}
