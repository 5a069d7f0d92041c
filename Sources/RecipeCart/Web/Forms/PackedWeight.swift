import Foundation

/// The weight staff type for a weighed row as packed: `1.13 kg`, `1130 g`, `1130` (in the row's unit), `750 ml`,
/// `1.2 l`, `3` pieces. A comma is refused rather than guessed (`1,500` is a kilogram and a half to one reader and
/// one and a half grams to another), as are 0, a minus sign and more than one row is ever packed at.
enum PackedWeight {
    /// What one row may be packed at: 50 kg, 50 l or 999 pieces.
    static let most = ["g": 50_000, "ml": 50_000, "piece": 999]

    /// The amount in `unit` (`g`, `ml` or `piece`), or a 422 saying what is wrong.
    static func amount(_ text: String, unit: String) throws -> Int {
        let typed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let example = unit == "piece" ? "3" : unit == "ml" ? "1.2 l or 1200 ml" : "1.13 kg or 1130 g"
        guard !typed.isEmpty else { throw AppError.unprocessable("Type the weight packed, such as \(example).") }
        guard !typed.contains(",") else {
            throw AppError.unprocessable("Write the weight with a point, not a comma: such as \(example).")
        }
        guard !typed.hasPrefix("-") else { throw AppError.unprocessable("A weight packed is more than 0.") }
        let number = typed.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let unitText = typed.dropFirst(number.count).trimmingCharacters(in: .whitespaces)
        guard let value = Double(number), value.isFinite,
            let factor = factors[unit]?[unitText]
        else {
            throw AppError.unprocessable("“\(text)” is not a weight this row is packed by: type it such as \(example).")
        }
        let amount = Int((value * Double(factor)).rounded())
        guard amount > 0 else { throw AppError.unprocessable("A weight packed is more than 0.") }
        let most = most[unit] ?? 50_000
        guard amount <= most else {
            throw AppError.unprocessable(
                "At most \(PickMarkText.amountText(most, unit: unit)) is packed for one row: check the scale.")
        }
        return amount
    }

    /// The units each row's unit may be typed in, and how many of its unit each is.
    private static let factors: [String: [String: Int]] = [
        "g": ["": 1, "g": 1, "gram": 1, "grams": 1, "kg": 1000, "kilo": 1000, "kilos": 1000],
        "ml": ["": 1, "ml": 1, "cl": 10, "l": 1000, "litre": 1000, "litres": 1000],
        "piece": ["": 1, "piece": 1, "pieces": 1, "pc": 1, "pcs": 1],
    ]
}
