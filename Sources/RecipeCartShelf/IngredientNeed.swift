import RecipeCartDomain

/// How much of one ingredient a shopping list asks for, as numbers: the sums `MeasureTally` made for the list (masses
/// with masses, volumes with volumes, counts of the same thing), which `amount(in:)` brings to a product's unit
/// through the density tables (`IngredientDensity`, then `PantryDensity`) and the weights a piece (`PieceWeight`).
///
/// A range (`2–3 cloves`) counts at its high end: buy as small as possible, but at least the amount needed.
package struct IngredientNeed: Sendable, Equatable {
    package struct Part: Sendable, Equatable {
        package enum Kind: Sendable, Equatable {
            /// `amount` is grams.
            case mass
            /// `amount` is millilitres.
            case volume
            /// `amount` is how many; `note` as the recipe wrote it (`(400 g each)`).
            case count(noun: String, note: String)
        }

        package var kind: Kind
        package var amount: Double
        /// As the list shows it: `1.2 kg`, `3 cloves`, `2 cans (400 g each)`.
        package var display: String
    }

    /// The ingredient's key, the same as its `ShoppingList.Item.key`.
    package var key: String
    /// In the order the list shows them.
    package var parts: [Part]
    /// Words that are no amount (`to taste`, `a pinch`), once each.
    package var words: [String]

    package init(key: String, parts: [Part], words: [String] = []) {
        self.key = key
        self.parts = parts
        self.words = words
    }

    package init(key: String, tally: MeasureTally) {
        let parts = tally.order.compactMap { group -> Part? in
            switch group {
            case .measured(let dimension):
                return tally.measured[dimension].map { sum in
                    Part(kind: dimension == .mass ? .mass : .volume, amount: sum.base.high, display: sum.display)
                }
            case .counted:
                return tally.counted[group].map { sum in
                    Part(kind: .count(noun: sum.noun, note: sum.note), amount: sum.amount.high, display: sum.display)
                }
            }
        }
        self.init(key: key, parts: parts, words: tally.notes)
    }

    /// Each ingredient's need for these entries, under the key its `ShoppingList(entries:)` item has, summed the
    /// same way.
    package static func needs(for entries: [ShoppingList.Entry]) -> [String: IngredientNeed] {
        var tallies: [String: MeasureTally] = [:]
        for entry in entries where entry.isNeeded {
            for ingredient in entry.ingredients {
                let key = IngredientName(ingredient.name).key
                guard !key.isEmpty else { continue }
                tallies[key, default: MeasureTally()].add(Measure.parse(ingredient.measure).scaled(by: entry.factor))
            }
        }
        return tallies.reduce(into: [:]) { needs, pair in
            needs[pair.key] = IngredientNeed(key: pair.key, tally: pair.value)
        }
    }

    /// A recipe's needs as it is written, one an ingredient (two lines of one ingredient summed), in the order of the
    /// ingredients.
    package static func needs(for ingredients: [Ingredient]) -> [IngredientNeed] {
        let entry = ShoppingList.Entry(recipeTitle: "", ingredients: ingredients, factor: 1)
        let needs = Self.needs(for: [entry])
        var seen: Set<String> = []
        return ingredients.compactMap { ingredient in
            let key = IngredientName(ingredient.name).key
            guard seen.insert(key).inserted else { return nil }
            return needs[key]
        }
    }

    /// The need in `unit`: each part converted, rounded up to a thousandth, what cannot be converted left out.
    package func amount(in unit: PackSize.Unit) -> ProductNeed {
        var total = 0.0
        var isEstimated = false
        var leftOut: [String] = []
        for part in parts {
            if let converted = converted(part, to: unit) {
                total += converted.value
                isEstimated = isEstimated || converted.isEstimated
            } else {
                leftOut.append(part.display)
            }
        }
        guard total.isFinite, total <= Double(ProductNeed.largestAmount) else {
            return ProductNeed(unit: unit, milli: 0, isEstimated: false, leftOut: parts.map(\.display))
        }
        // The tolerance keeps float noise (a cup of butter as 226.0000000003 g) from adding a unit.
        let milli = Int(max(0, (total * 1000 - 1e-6).rounded(.up)))
        return ProductNeed(unit: unit, milli: milli, isEstimated: isEstimated, leftOut: leftOut)
    }

    private typealias Content = (value: Double, dimension: MeasureUnit.Dimension, isEstimated: Bool)

    private func converted(_ part: Part, to unit: PackSize.Unit) -> (value: Double, isEstimated: Bool)? {
        if unit == .piece, case .count(let noun, _) = part.kind, Self.countsPieces(noun) {
            return (part.amount, false)
        }
        guard let content = content(of: part) else { return nil }
        switch unit {
        case .gram:
            return grams(content).map { ($0, content.isEstimated) }
        case .millilitre:
            switch content.dimension {
            case .volume: return (content.value, content.isEstimated)
            case .mass:
                return gramsPerMillilitre.map { (content.value / $0, content.isEstimated) }
            }
        case .piece:
            guard let grams = grams(content), let piece = PieceWeight.of(key) else { return nil }
            return (grams / Double(piece.grams), true)
        }
    }

    private func grams(_ content: Content) -> Double? {
        switch content.dimension {
        case .mass: content.value
        case .volume: gramsPerMillilitre.map { content.value * $0 }
        }
    }

    /// The list's density table first, then the shelf's own for spoonfuls of pantry goods.
    private var gramsPerMillilitre: Double? {
        IngredientDensity.of(key)?.gramsPerMillilitre ?? PantryDensity.gramsPerMillilitre(key)
    }

    /// What a part holds by weight or volume: a count by the weight its note gives (`(400 g each)`), else by the
    /// table's weight a piece, an estimate.
    private func content(of part: Part) -> Content? {
        switch part.kind {
        case .mass: return (part.amount, .mass, false)
        case .volume: return (part.amount, .volume, false)
        case .count(let noun, let note):
            if let each = Self.contentEach(note: note) {
                return (part.amount * each.base, each.dimension, false)
            }
            return PieceWeight.of(key, noun: noun).map { (part.amount * Double($0.grams), .mass, true) }
        }
    }

    /// `(400 g each)`, `(400 ml)`: what one counted thing holds.
    private static func contentEach(note: String) -> (base: Double, dimension: MeasureUnit.Dimension)? {
        let words = note.lowercased().split { $0.isWhitespace || $0 == "(" || $0 == ")" }.filter { $0 != "each" }
        guard case .measured(let amount, let unit, _) = Measure.parse(words.joined(separator: " ")).kind,
            amount.high > 0
        else { return nil }
        return (amount.high * unit.baseSize, unit.dimension)
    }

    /// A count of the thing itself (`2`, `1 large`), or of what a shelf sells one at a time (`2 cans`, `2 balls`),
    /// is a count of a product's pieces.
    private static func countsPieces(_ noun: String) -> Bool {
        CountNoun.countsTheIngredient(noun)
            || CountNoun.key(noun).split { !$0.isLetter }.contains { containers.contains(String($0)) }
    }

    private static let containers: Set<String> = [
        "can", "tin", "jar", "bottle", "carton", "pack", "packet", "tub", "pot", "sachet", "bag", "box", "ball",
        "loaf",
    ]
}
