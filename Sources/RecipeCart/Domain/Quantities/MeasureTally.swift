/// Adds up the measures of one ingredient. Masses sum with masses and volumes with volumes
/// (metric and US alike; a mix prints metric, since that is what a grocer weighs in); counts sum
/// when they count the same thing (`cloves`, `can (400 g)`, or nothing); text such as `a pinch`
/// is listed once. What cannot be summed stays side by side, in the order first seen. Notes after
/// a unit (`200 g, sifted`) say how to prepare it, not what to buy, so sums leave them out.
struct MeasureTally {
    private enum Group: Hashable {
        case measured(MeasureUnit.Dimension)
        case counted(noun: String, note: String)
        case text(String)
    }

    private struct MeasuredSum {
        /// Grams or millilitres.
        var base: Amount
        var units: Set<MeasureUnit>

        var display: String {
            let dimension = units.first?.dimension ?? .mass
            guard units.allSatisfy({ $0.system == .usCustomary }) else {
                return MeasureDisplay.text(base: base, dimension: dimension, system: .metric, preferring: nil)
            }
            let onlyUnit = units.count == 1 ? units.first : nil
            return MeasureDisplay.text(base: base, dimension: dimension, system: .usCustomary, preferring: onlyUnit)
        }
    }

    private struct CountedSum {
        var amount: Amount
        var noun: String
        var note: String

        var display: String {
            Measure(kind: .counted(amount, noun: noun, note: note)).display
        }
    }

    private var order: [Group] = []
    private var measured: [MeasureUnit.Dimension: MeasuredSum] = [:]
    private var counted: [Group: CountedSum] = [:]
    private var texts: [Group: String] = [:]

    mutating func add(_ measure: Measure) {
        switch measure.kind {
        case .measured(let amount, let unit, _):
            let base = amount.map { $0 * unit.baseSize }
            if var sum = measured[unit.dimension] {
                sum.base = sum.base + base
                sum.units.insert(unit)
                measured[unit.dimension] = sum
            } else {
                order.append(.measured(unit.dimension))
                measured[unit.dimension] = MeasuredSum(base: base, units: [unit])
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
            let group = Group.text(text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " "))
            guard group != .text(""), texts[group] == nil else { return }
            order.append(group)
            texts[group] = text
        }
    }

    var amounts: [String] {
        order.compactMap { group in
            switch group {
            case .measured(let dimension): measured[dimension]?.display
            case .counted: counted[group]?.display
            case .text: texts[group]
            }
        }
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
