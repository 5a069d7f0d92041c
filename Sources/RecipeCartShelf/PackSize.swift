import Foundation

/// How much one pack on the shop's shelf holds: `250 g`, `1 l`, `12` pieces. Kept in whole base units (grams,
/// millilitres, pieces) so that sums and comparisons are exact; a till's `1.5 kg` is 1,500 g.
package struct PackSize: Sendable, Hashable {
    package enum Unit: String, Sendable, CaseIterable {
        case gram = "g"
        case millilitre = "ml"
        case piece = "piece"

        /// What a unit price is per: a kilogram, a litre, a piece (EU Directive 98/6/EC).
        package var unitPriceBase: Int {
            switch self {
            case .gram, .millilitre: 1000
            case .piece: 1
            }
        }

        /// The unit price's unit as the markup hooks name it: `kg`, `l`, `piece`.
        package var unitPriceName: String {
            switch self {
            case .gram: "kg"
            case .millilitre: "l"
            case .piece: "piece"
            }
        }
    }

    /// The pack's content in `unit`s, always at least 1.
    package let amount: Int
    package let unit: Unit

    /// The largest pack a shop sells as one item: 1,000 kg, 1,000 l or 100,000 pieces. Past it a till's figure is a
    /// typo, and keeping sizes small keeps every price sum far from overflow.
    package static let largestAmount = 1_000_000

    /// A size from a number and a unit as a till writes them (`g`, `kg`, `ml`, `l`, `cl`, `pieces`, `pcs`, `x`…);
    /// nil for a unit it does not know or an amount that is not positive, under one base unit, or too large.
    package init?(_ number: Double, unitText: String) {
        guard let (unit, factor) = Self.units[unitText.lowercased().trimmingCharacters(in: .whitespaces)] else {
            return nil
        }
        self.init(number * factor, unit)
    }

    /// A size of `amount` base units, rounded to the nearest whole one; nil outside 1…`largestAmount`.
    package init?(_ amount: Double, _ unit: Unit) {
        guard amount.isFinite, amount >= 0.5, amount <= Double(Self.largestAmount) else { return nil }
        self.amount = Int(amount.rounded())
        self.unit = unit
    }

    /// As a shelf label writes it: `250 g`, `1.5 kg`, `1 l`, `330 ml`, `12 pieces`.
    package var display: String {
        switch unit {
        case .piece: return amount == 1 ? "1 piece" : "\(amount) pieces"
        case .gram: return amount >= 1000 ? Self.thousands(amount) + " kg" : "\(amount) g"
        case .millilitre: return amount >= 1000 ? Self.thousands(amount) + " l" : "\(amount) ml"
        }
    }

    /// `1500` as `1.5`, `2000` as `2`, `1250` as `1.25`.
    private static func thousands(_ amount: Int) -> String {
        let whole = amount / 1000
        var fraction = String(amount % 1000)
        guard fraction != "0" else { return String(whole) }
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(whole).\(fraction)"
    }

    private static let units: [String: (Unit, Double)] = [
        "g": (.gram, 1), "gr": (.gram, 1), "gram": (.gram, 1), "grams": (.gram, 1), "kg": (.gram, 1000),
        "kilo": (.gram, 1000), "kilogram": (.gram, 1000), "kilograms": (.gram, 1000), "ml": (.millilitre, 1),
        "cl": (.millilitre, 10), "dl": (.millilitre, 100), "l": (.millilitre, 1000), "ltr": (.millilitre, 1000),
        "litre": (.millilitre, 1000), "litres": (.millilitre, 1000), "liter": (.millilitre, 1000),
        "liters": (.millilitre, 1000), "piece": (.piece, 1), "pieces": (.piece, 1), "pc": (.piece, 1),
        "pcs": (.piece, 1), "x": (.piece, 1), "each": (.piece, 1), "ea": (.piece, 1), "pack": (.piece, 1),
    ]
}
