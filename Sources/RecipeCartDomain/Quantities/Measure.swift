/// The `measure` of an ingredient, read so that it can be scaled, printed nicely and summed.
package struct Measure: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// `200 g`, `1 ½ cups`: a unit we can convert. `note` is whatever followed the unit.
        case measured(Amount, MeasureUnit, note: String)
        /// `3 cloves`, `1 small bunch`, `2`: a number of things. `note` is a parenthesised
        /// remark such as `(400 g each)`, kept as written.
        case counted(Amount, noun: String, note: String)
        /// `a pinch`, `to taste`, `` or anything unreadable: shown as written, never scaled.
        case text(String)
    }

    package var kind: Kind

    package init(kind: Kind) {
        self.kind = kind
    }

    /// Measures repeat across a catalog as names do ("2 cloves", "1 tbsp"): kept, so that pricing every recipe of a
    /// large one parses each once.
    private static let known = BoundedMemo<String, Measure>(capacity: 8_192)

    package static func parse(_ text: String) -> Measure {
        known.value(for: text) { Measure(kind: MeasureParser.parse($0)) }
    }

    /// A factor outside (0, 1 000 000], or one that would take the amount past 10¹², leaves the
    /// measure unchanged rather than printing nonsense.
    package func scaled(by factor: Double) -> Measure {
        guard factor.isFinite, factor > 0, factor <= Self.largestFactor else { return self }
        let scale = { (amount: Amount) -> Amount? in
            let scaled = amount.map { $0 * factor }
            return scaled.high <= Self.largestScaledAmount ? scaled : nil
        }
        switch kind {
        case .measured(let amount, let unit, let note):
            return scale(amount).map { Measure(kind: .measured($0, unit, note: note)) } ?? self
        case .counted(let amount, let noun, let note):
            return scale(amount).map { Measure(kind: .counted($0, noun: noun, note: note)) } ?? self
        case .text:
            return self
        }
    }

    package static let largestFactor = 1_000_000.0
    private static let largestScaledAmount = 1e12

    package var isScalable: Bool {
        if case .text = kind { return false }
        return true
    }

    package var display: String {
        switch kind {
        case .measured(let amount, let unit, let note):
            return Self.joined(MeasureDisplay.text(amount, in: unit), note)
        case .counted(let amount, let noun, let note):
            let number = AmountFormatter.fractions(amount)
            return Self.joined(number.text, CountNoun.inflect(noun, plural: number.isPlural), note)
        case .text(let text):
            return text
        }
    }

    /// Joins with spaces, except before a comma or the like: `1 cup, packed`.
    private static func joined(_ parts: String...) -> String {
        parts.filter { !$0.isEmpty }.reduce("") { line, part in
            guard !line.isEmpty else { return part }
            return part.first.map { ",;:".contains($0) } == true ? line + part : line + " " + part
        }
    }
}
