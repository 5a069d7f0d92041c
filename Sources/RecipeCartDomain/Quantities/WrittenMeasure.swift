/// A measure shown as the recipe wrote it, with one thing made consistent: a space between the number and a unit
/// symbol, so "100g" and "100 g" never stand on the same page.
package enum WrittenMeasure {
    private static let units = Set(MeasureUnit.allCases.map(\.rawValue))

    package static func display(_ text: String) -> String {
        let number = text.prefix { $0.isNumber || $0 == "." || $0 == "," || $0 == "/" }
        let rest = text.dropFirst(number.count)
        let symbol = rest.prefix { $0.isLetter }
        guard !number.isEmpty, !symbol.isEmpty, units.contains(symbol.lowercased()) else { return text }
        let after = rest.dropFirst(symbol.count)
        guard after.first.map({ !$0.isLetter }) ?? true else { return text }
        return "\(number) \(rest)"
    }
}
