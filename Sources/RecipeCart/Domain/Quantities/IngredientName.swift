import Foundation

/// An ingredient's name as written, and the key under which the same thing from different recipes
/// meets on a shopping list: `Tomatoes`, ` tomato ` and `tomato` share `tomato`; `Tomato purée`
/// and `tomato puree` share `tomato puree`.
struct IngredientName {
    /// Trimmed, spaces collapsed; otherwise as the first recipe wrote it.
    let display: String
    let key: String

    init(_ name: String) {
        display = name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        var words = display
            .folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .lowercased()
            .trimmingCharacters(in: CharacterSet(charactersIn: ".,;:").union(.whitespaces))
            .split(separator: " ")
            .map(String.init)
        if let last = words.popLast() { words.append(Self.singular(last)) }
        key = words.joined(separator: " ")
    }

    /// Simple English plurals only; a word that merely ends in s (`hummus`, `asparagus`, `swiss`)
    /// stays as it is.
    static func singular(_ word: String) -> String {
        if let irregular = irregulars[word] { return irregular }
        guard word.count > 3, word.hasSuffix("s") else { return word }
        for (plural, singular) in suffixRules where word.hasSuffix(plural) {
            return word.dropLast(plural.count) + singular
        }
        if ["ss", "us", "is"].contains(where: word.hasSuffix) { return word }
        return String(word.dropLast())
    }

    private static let suffixRules: [(plural: String, singular: String)] = [
        ("sses", "ss"), ("ches", "ch"), ("shes", "sh"), ("xes", "x"), ("oes", "o"), ("ies", "y"),
    ]

    private static let irregulars: [String: String] = [
        "leaves": "leaf", "loaves": "loaf", "halves": "half", "knives": "knife",
        "cookies": "cookie", "brownies": "brownie", "pies": "pie", "molasses": "molasses",
    ]
}
