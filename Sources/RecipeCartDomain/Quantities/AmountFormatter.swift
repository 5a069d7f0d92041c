import Foundation

/// An amount as printed, and whether a noun after it reads plural (`1 cup`, `1 ½ cups`, `2–3 cloves`).
package struct PrintedAmount {
    package var text: String
    package var isPlural: Bool
}

/// Prints numbers the way a cook reads them. The rules:
/// - Spoons, cups, ounces, pounds and counts use kitchen fractions: the whole part, then the
///   nearest of ⅛ ¼ ⅓ ½ ⅔ ¾ when within 0.05 of it (`1 ⅓`), otherwise one decimal (`0.4`,
///   `2.6`; only ever .4, .6 or .9, the tenths no fraction is near).
///   From 10 up, halves only: nobody measures 12 ⅛ cups.
/// - Grams and millilitres: one decimal under 10 (`2.5 g`), whole under 100 (`45 g`), then the
///   nearest 5 (`375 g`). Kilograms and litres: the nearest 0.05 under 10 (`1.25 kg`), then 0.1.
/// - A positive amount never prints as 0: it prints as the smallest step instead (`⅛`, `0.1 g`).
/// - A range prints both ends with an en dash (`2–3`), or one number when both ends round alike.
package enum AmountFormatter {
    package static func fractions(_ amount: Amount) -> PrintedAmount {
        printed(amount, rounding: roundedToFraction, text: fractionText)
    }

    /// Grams or millilitres.
    package static func smallMetric(_ amount: Amount) -> PrintedAmount {
        printed(amount, rounding: roundedSmallMetric, text: decimalText)
    }

    /// Kilograms or litres.
    package static func largeMetric(_ amount: Amount) -> PrintedAmount {
        printed(amount, rounding: roundedLargeMetric, text: decimalText)
    }

    package static func roundedSmallMetric(_ value: Double) -> Double {
        switch value {
        case ..<10: max(0.1, (value * 10).rounded() / 10)
        case ..<100: value.rounded()
        default: (value / 5).rounded() * 5
        }
    }

    private static func roundedLargeMetric(_ value: Double) -> Double {
        value < 10 ? max(0.05, (value * 20).rounded() / 20) : (value * 10).rounded() / 10
    }

    private static func printed(
        _ amount: Amount, rounding: (Double) -> Double, text: (Double) -> String
    ) -> PrintedAmount {
        let low = rounding(amount.low)
        let high = rounding(amount.high)
        let printed = low == high ? text(low) : text(low) + "–" + text(high)
        return PrintedAmount(text: printed, isPlural: high > 1)
    }

    private static let glyphs: [(value: Double, glyph: String)] = [
        (1.0 / 8, "⅛"), (1.0 / 4, "¼"), (1.0 / 3, "⅓"), (1.0 / 2, "½"), (2.0 / 3, "⅔"), (3.0 / 4, "¾"),
    ]

    private static let fractionTolerance = 0.05 + 1e-9

    /// Snaps to a value `fractionText` can print exactly. A decimal is snapped again so that it
    /// never lands close to a fraction: `1.18` prints `1 ¼`, as its own `1.2` would when re-read.
    private static func roundedToFraction(_ value: Double) -> Double {
        if value >= 10 { return (value * 2).rounded() / 2 }
        if value < 1.0 / 8 { return 1.0 / 8 }
        let decimal = (value * 10).rounded() / 10
        return snappedToGlyph(value) ?? snappedToGlyph(decimal) ?? decimal
    }

    private static func snappedToGlyph(_ value: Double) -> Double? {
        let whole = value.rounded(.down)
        let part = value - whole
        let candidates = [0.0, 1.0] + glyphs.map(\.value)
        let nearest = candidates.min { abs($0 - part) < abs($1 - part) }!
        return abs(nearest - part) <= fractionTolerance ? whole + nearest : nil
    }

    private static func fractionText(_ value: Double) -> String {
        let whole = value.rounded(.down)
        let part = value - whole
        guard let glyph = glyphs.first(where: { abs($0.value - part) < 1e-9 })?.glyph else {
            return decimalText(value)
        }
        return whole == 0 ? glyph : decimalText(whole) + " " + glyph
    }

    /// At most two decimals, without trailing zeros: `1.25`, `1.5`, `7`.
    private static func decimalText(_ value: Double) -> String {
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
