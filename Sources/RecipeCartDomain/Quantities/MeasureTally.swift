/// Adds up the measures of one ingredient. Masses sum with masses and volumes with volumes
/// (metric and US alike; a mix prints metric, since that is what a grocer weighs in), and with the
/// ingredient's density the two meet in the dimension it is sold by. Counts sum when they count the
/// same thing (`cloves`, `can (400 g)`, or nothing). What cannot be summed stays side by side, in the
/// order first seen. Notes after a unit (`200 g, sifted`) say how to prepare it, not what to buy, so
/// sums leave them out; words alone (`a pinch`, `to taste`) say how much to use, not to buy, so they
/// become notes, each listed once.
package struct MeasureTally {
    package enum Group: Hashable {
        case measured(MeasureUnit.Dimension)
        case counted(noun: String, note: String)
    }

    package struct MeasuredSum {
        package var dimension: MeasureUnit.Dimension
        /// Grams or millilitres.
        package var base: Amount
        package var units: Set<MeasureUnit>

        package var display: String {
            let system: MeasureUnit.System = units.allSatisfy { $0.system == .usCustomary } ? .usCustomary : .metric
            let onlyUnit = units.count == 1 ? units.first : nil
            return MeasureDisplay.text(base: base, dimension: dimension, system: system, preferring: onlyUnit)
        }

        /// `other`, of the other dimension, converted to this one.
        package func adding(_ other: MeasuredSum, density: IngredientDensity) -> MeasuredSum {
            let factor = dimension == .mass ? density.gramsPerMillilitre : 1 / density.gramsPerMillilitre
            return MeasuredSum(
                dimension: dimension, base: base + other.base.map { $0 * factor }, units: units.union(other.units))
        }
    }

    package struct CountedSum {
        package var amount: Amount
        package var noun: String
        package var note: String

        package var display: String {
            Measure(kind: .counted(amount, noun: noun, note: note)).display
        }
    }

    package private(set) var order: [Group] = []
    package private(set) var measured: [MeasureUnit.Dimension: MeasuredSum] = [:]
    package private(set) var counted: [Group: CountedSum] = [:]
    /// Whitespace collapsed, as first written.
    package private(set) var notes: [String] = []
    private var noteKeys: Set<String> = []

    package init() {}

    package mutating func add(_ measure: Measure) {
        switch measure.kind {
        case .measured(let amount, let unit, _):
            let base = amount.map { $0 * unit.baseSize }
            if var sum = measured[unit.dimension] {
                sum.base = sum.base + base
                sum.units.insert(unit)
                measured[unit.dimension] = sum
            } else {
                order.append(.measured(unit.dimension))
                measured[unit.dimension] = MeasuredSum(dimension: unit.dimension, base: base, units: [unit])
            }
        case .counted(let amount, let noun, let note):
            let group = Group.counted(noun: CountNoun.key(noun), note: Self.noteKey(note))
            if var sum = counted[group] {
                sum.amount = sum.amount + amount
                if !Self.saysEach(sum.note), Self.saysEach(note) { sum.note = note }
                counted[group] = sum
            } else {
                order.append(group)
                counted[group] = CountedSum(amount: amount, noun: noun, note: note)
            }
        case .text(let text):
            let note = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard !note.isEmpty, noteKeys.insert(note.lowercased()).inserted else { return }
            notes.append(note)
        }
    }

    /// What to buy, one display string a sum: `1.2 kg`, `3 cloves`, `2`. A mass and a volume
    /// become one amount when `density` is known; it takes the place of whichever came first.
    package func amounts(density: IngredientDensity?) -> [String] {
        var measured = measured
        if let density, let mass = measured[.mass], let volume = measured[.volume] {
            let sold =
                density.soldBy == .mass
                ? mass.adding(volume, density: density) : volume.adding(mass, density: density)
            let massCameFirst = order.firstIndex(of: .measured(.mass))! < order.firstIndex(of: .measured(.volume))!
            measured = [massCameFirst ? .mass : .volume: sold]
        }
        return order.compactMap { group in
            switch group {
            case .measured(let dimension): measured[dimension]?.display
            case .counted: counted[group]?.display
            }
        }
    }

    /// Whether the ingredient's name reads plural beside these amounts: nil when nothing counts the
    /// ingredient itself (`3 cloves`, `200 g`), else whether any such count prints more than one.
    package var countsPlural: Bool? {
        let counts = counted.values.filter { CountNoun.countsTheIngredient($0.noun) }
        guard !counts.isEmpty else { return nil }
        return counts.contains { AmountFormatter.fractions($0.amount).isPlural }
    }

    /// `(400 g)` and `(400 g each)` describe the same can; the sum shows the note that says `each`.
    private static func noteKey(_ note: String) -> String {
        note.lowercased()
            .split { $0.isWhitespace || $0 == "(" || $0 == ")" }
            .filter { $0 != "each" }
            .joined(separator: " ")
    }

    private static func saysEach(_ note: String) -> Bool {
        note.lowercased().split { !$0.isLetter }.contains("each")
    }
}
