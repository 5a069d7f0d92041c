import Foundation

/// Any JSON key, so a meal's numbered `strIngredientN` / `strMeasureN` slots can be found by name.
package struct MealDBKey: CodingKey, Hashable {
    package let stringValue: String
    package var intValue: Int? { nil }

    package init(_ name: String) { stringValue = name }
    package init(stringValue: String) { self.stringValue = stringValue }
    package init?(intValue: Int) { nil }
}

extension KeyedDecodingContainer<MealDBKey> {
    /// TheMealDB's values are strings or null, and blanks (`""`, `" "`) mean "none". A number where a
    /// string belongs is taken as its text; any other type counts as absent.
    package func text(_ name: String) -> String? {
        let key = MealDBKey(name)
        let raw =
            lenient(String.self, forKey: key)
            ?? lenient(Int.self, forKey: key).map(String.init)
            ?? lenient(Double.self, forKey: key).map { String($0) }
        guard let trimmed = raw?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return trimmed
    }

    /// A value a record cannot do without, such as `idMeal`.
    package func requiredText(_ name: String) throws -> String {
        if let text = text(name) { return text }
        let key = MealDBKey(name)
        guard contains(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "\(name) is missing"))
        }
        throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "not a non-blank string")
    }
}

extension KeyedEncodingContainer<MealDBKey> {
    /// Writes null for nil, as TheMealDB does, so encoded meals keep the upstream shape.
    package mutating func encodeText(_ value: String?, _ name: String) throws {
        try encode(value, forKey: MealDBKey(name))
    }
}
