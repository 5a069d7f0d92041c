/// A unit we can convert between. Anything else a recipe writes after a number (`cloves`,
/// `cans`, `large`) is a count noun and kept as written.
package enum MeasureUnit: String, Sendable, CaseIterable {
    case gram = "g"
    case kilogram = "kg"
    case ounce = "oz"
    case pound = "lb"
    case millilitre = "ml"
    case litre = "l"
    case teaspoon = "tsp"
    case tablespoon = "tbsp"
    case cup = "cup"
    case fluidOunce = "fl oz"

    package enum Dimension: Sendable {
        case mass, volume
    }

    /// Metric amounts are shown with decimals, US customary ones with kitchen fractions.
    package enum System: Sendable {
        case metric, usCustomary
    }

    package var dimension: Dimension {
        switch self {
        case .gram, .kilogram, .ounce, .pound: .mass
        case .millilitre, .litre, .teaspoon, .tablespoon, .cup, .fluidOunce: .volume
        }
    }

    package var system: System {
        switch self {
        case .gram, .kilogram, .millilitre, .litre: .metric
        case .ounce, .pound, .teaspoon, .tablespoon, .cup, .fluidOunce: .usCustomary
        }
    }

    /// Size in grams or millilitres. US spoons and cups are defined from the teaspoon so that
    /// 3 tsp is exactly 1 tbsp and 16 tbsp exactly 1 cup.
    package var baseSize: Double {
        switch self {
        case .gram, .millilitre: 1
        case .kilogram, .litre: 1000
        case .ounce: Self.ounceInGrams
        case .pound: Self.ounceInGrams * 16
        case .teaspoon: Self.teaspoonInMillilitres
        case .tablespoon: Self.teaspoonInMillilitres * 3
        case .fluidOunce: Self.teaspoonInMillilitres * 6
        case .cup: Self.teaspoonInMillilitres * 48
        }
    }

    private static let ounceInGrams = 28.349523125
    private static let teaspoonInMillilitres = 4.92892159375

    /// The symbol printed after an amount; only `cup` reads wrong without a plural.
    package func symbol(plural: Bool) -> String {
        self == .cup && plural ? "cups" : rawValue
    }

    /// Every spelling recipes use, lowercased, longest first so `fl oz` wins over `fl`.
    package static let spellings: [(spelling: String, unit: MeasureUnit)] = {
        let table: [MeasureUnit: [String]] = [
            .gram: ["g", "gr", "gram", "grams", "gramme", "grammes"],
            .kilogram: ["kg", "kgs", "kilo", "kilos", "kilogram", "kilograms", "kilogramme", "kilogrammes"],
            .ounce: ["oz", "ounce", "ounces"],
            .pound: ["lb", "lbs", "pound", "pounds"],
            .millilitre: ["ml", "mls", "millilitre", "millilitres", "milliliter", "milliliters"],
            .litre: ["l", "litre", "litres", "liter", "liters", "ltr"],
            .teaspoon: ["tsp", "tsps", "teaspoon", "teaspoons", "teaspoonful", "teaspoonfuls"],
            .tablespoon: [
                "tbsp", "tbsps", "tbs", "tblsp", "tbls", "tablespoon", "tablespoons", "tablespoonful", "tablespoonfuls",
            ],
            .cup: ["cup", "cups", "cupful", "cupfuls"],
            .fluidOunce: ["fl oz", "fl. oz", "fl.oz", "floz", "fluid ounce", "fluid ounces"],
        ]
        return table.flatMap { unit, spellings in spellings.map { (spelling: $0, unit: unit) } }
            .sorted { $0.spelling.count > $1.spelling.count }
    }()
}
