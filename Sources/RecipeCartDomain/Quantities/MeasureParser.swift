import Foundation

/// Reads a measure as recipes write it: `1 1/2 cups`, `200g`, `2–3 cloves`, `1½ tsp`,
/// `2 cans (400 g each)`. Anything it cannot read with confidence becomes `.text`, so a strange
/// measure is shown as written rather than scaled wrongly.
package enum MeasureParser {
    package static func parse(_ text: String) -> Measure.Kind {
        let written = text.trimmingCharacters(in: .whitespacesAndNewlines)
        var cursor = MeasureCursor(written)
        guard let amount = cursor.readAmount() else { return .text(written) }
        cursor.skipSpaces()
        let rest = cursor.remainder
        guard rest.first.map({ $0.isLetter || $0 == "(" }) ?? true else { return .text(written) }
        if let (unit, note) = unit(at: rest) {
            return .measured(amount, unit, note: note)
        }
        let noteStart = rest.firstIndex(of: "(") ?? rest.endIndex
        return .counted(
            amount,
            noun: rest[..<noteStart].trimmingCharacters(in: .whitespaces),
            note: String(rest[noteStart...])
        )
    }

    /// A unit spelling at the start of `rest`, ending at a word boundary (`2 large` is not litres).
    private static func unit(at rest: Substring) -> (MeasureUnit, note: String)? {
        let lowered = rest.lowercased()
        for (spelling, unit) in MeasureUnit.spellings where lowered.hasPrefix(spelling) {
            var after = rest.dropFirst(spelling.count)
            if let next = after.first, next.isLetter { continue }
            if after.first == "." { after = after.dropFirst() }
            return (unit, after.trimmingCharacters(in: .whitespaces))
        }
        return nil
    }
}

/// Walks the characters of a measure, reading numbers the way cooks write them.
private struct MeasureCursor {
    private let characters: [Character]
    private var position = 0

    package init(_ text: String) {
        characters = Array(text)
    }

    package var remainder: Substring {
        Substring(String(characters[position...]))
    }

    package mutating func skipSpaces() {
        while position < characters.count, characters[position].isWhitespace { position += 1 }
    }

    /// A number or a range. `1-1/2` is the US way of writing one and a half, not a range down to ½.
    package mutating func readAmount() -> Amount? {
        guard let low = readQuantity() else { return nil }
        let afterLow = position
        guard readRangeSeparator() else {
            position = afterLow
            return .exact(low)
        }
        guard let high = readQuantity() else { return nil }
        if low < high { return .range(low, high) }
        if low == high { return .exact(low) }
        if high < 1, low == low.rounded(.down) { return .exact(low + high) }
        return nil
    }

    /// `2`, `0.5`, `1/2`, `1 1/2`, `½`, `1½`, `1 ½`; nil for anything unreadable, zero or absurd.
    private mutating func readQuantity() -> Double? {
        let start = position
        var value: Double
        if let vulgar = readVulgarFraction() {
            value = vulgar
        } else if let number = readDecimal() {
            if let fraction = readFraction(numerator: number) {
                value = fraction
            } else {
                value = number
                if let part = readFractionalPart() { value += part }
            }
        } else {
            return nil
        }
        guard value.isFinite, value > 0, value <= Amount.largest else {
            position = start
            return nil
        }
        return value
    }

    /// After a whole number: a glued or spaced `½`, or a spaced proper `1/2`.
    private mutating func readFractionalPart() -> Double? {
        let start = position
        skipSpaces()
        if let vulgar = readVulgarFraction() { return vulgar }
        if position > start, let numerator = readDecimal(),
            let fraction = readFraction(numerator: numerator), fraction < 1
        {
            return fraction
        }
        position = start
        return nil
    }

    private mutating func readFraction(numerator: Double) -> Double? {
        let start = position
        guard position < characters.count, characters[position] == "/" || characters[position] == "⁄" else {
            return nil
        }
        position += 1
        guard let denominator = readDigits(), denominator > 0 else {
            position = start
            return nil
        }
        return numerator / denominator
    }

    private mutating func readVulgarFraction() -> Double? {
        guard position < characters.count, let value = Self.vulgarFractions[characters[position]] else { return nil }
        position += 1
        return value
    }

    /// Digits with an optional `.digits`; `1.` alone leaves the dot for whatever follows.
    private mutating func readDecimal() -> Double? {
        let start = position
        var text = ""
        if let whole = readDigitText() { text = whole }
        if position + 1 < characters.count, characters[position] == ".", Self.isDigit(characters[position + 1]) {
            position += 1
            text += "." + (readDigitText() ?? "")
        }
        guard !text.isEmpty, let value = Double(text) else {
            position = start
            return nil
        }
        return value
    }

    private mutating func readDigits() -> Double? {
        readDigitText().flatMap(Double.init)
    }

    private mutating func readDigitText() -> String? {
        let start = position
        while position < characters.count, Self.isDigit(characters[position]) { position += 1 }
        return position > start ? String(characters[start..<position]) : nil
    }

    /// `-`, `–`, `—`, `to` or `or`, with or without spaces around.
    private mutating func readRangeSeparator() -> Bool {
        skipSpaces()
        guard position < characters.count else { return false }
        if "-–—".contains(characters[position]) {
            position += 1
            skipSpaces()
            return true
        }
        for word in ["to", "or"] where matchesWord(word) {
            position += word.count
            skipSpaces()
            return true
        }
        return false
    }

    private func matchesWord(_ word: String) -> Bool {
        let end = position + word.count
        guard end < characters.count, String(characters[position..<end]).lowercased() == word else { return false }
        return characters[end].isWhitespace
    }

    /// ASCII only: `٣` or `３` would read as a number a shopper never wrote.
    private static func isDigit(_ character: Character) -> Bool {
        character.isASCII && character.isNumber
    }

    private static let vulgarFractions: [Character: Double] = [
        "½": 1.0 / 2, "⅓": 1.0 / 3, "⅔": 2.0 / 3, "¼": 1.0 / 4, "¾": 3.0 / 4,
        "⅕": 1.0 / 5, "⅖": 2.0 / 5, "⅗": 3.0 / 5, "⅘": 4.0 / 5, "⅙": 1.0 / 6, "⅚": 5.0 / 6,
        "⅐": 1.0 / 7, "⅛": 1.0 / 8, "⅜": 3.0 / 8, "⅝": 5.0 / 8, "⅞": 7.0 / 8, "⅑": 1.0 / 9, "⅒": 1.0 / 10,
    ]
}
