import Foundation

/// An ingredient's name as written, and the key under which the same thing from different recipes
/// meets on a shopping list: `Tomatoes`, ` tomato ` and `tomato` share `tomato`; `Tomato purée`
/// and `tomato puree` share `tomato puree`.
package struct IngredientName: Sendable {
    /// Trimmed, spaces collapsed; otherwise as the first recipe wrote it.
    package let display: String
    package let key: String

    /// Names as recipes write them repeat across a catalog ("garlic", "olive oil"): pricing every recipe of a large
    /// one reads each name's key a few times, and making it (Foundation's folding and trimming) had been a third of
    /// that work.
    private static let known = BoundedMemo<String, IngredientName>(capacity: 8_192)

    package init(_ name: String) {
        self = Self.known.value(for: name, make: Self.init(making:))
    }

    private init(making name: String) {
        display = name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        var words =
            display
            .folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .lowercased()
            .trimmingCharacters(in: CharacterSet(charactersIn: ".,;:").union(.whitespaces))
            .split(separator: " ")
            .map(String.init)
        if let last = words.popLast() { words.append(Self.singular(last)) }
        key = words.joined(separator: " ")
    }

    /// The name beside a count of the thing itself, agreeing with it: `2 onions`, `1 tomato`,
    /// `2 red onions, sliced`. Names without a plural (`garlic`, `rice`, `black pepper`) stay as written.
    package func display(plural: Bool) -> String {
        let phrase = display.prefix { !",;(".contains($0) }
        guard Self.uncountables.value(endingWith: String(phrase)) == nil,
            let head = phrase.split(whereSeparator: { !$0.isLetter }).last
        else { return display }
        let singular = Self.singular(head.lowercased())
        let inflected = plural ? Self.plural(singular) : singular
        guard inflected != head.lowercased() else { return display }
        return display.replacingCharacters(
            in: head.startIndex..<head.endIndex, with: Self.matchingCase(inflected, of: head))
    }

    /// Simple English plurals only; a word that merely ends in s (`hummus`, `asparagus`, `swiss`)
    /// stays as it is.
    package static func singular(_ word: String) -> String {
        if let irregular = irregularSingulars[word] { return irregular }
        guard word.count > 3, word.hasSuffix("s") else { return word }
        for (plural, singular) in suffixRules where word.hasSuffix(plural) {
            return word.dropLast(plural.count) + singular
        }
        if ["ss", "us", "is"].contains(where: word.hasSuffix) { return word }
        return String(word.dropLast())
    }

    /// A word ending in s is left alone: `asparaguses` is worse than `asparagus`.
    package static func plural(_ word: String) -> String {
        if let irregular = irregularPlurals[word] { return irregular }
        if word.hasSuffix("s") { return word }
        if ["x", "z", "ch", "sh"].contains(where: word.hasSuffix) { return word + "es" }
        if word.hasSuffix("y"), let before = word.dropLast().last, !"aeiou".contains(before) {
            return word.dropLast() + "ies"
        }
        return word + "s"
    }

    private static func matchingCase(_ word: String, of original: Substring) -> String {
        if original.count > 1, original.allSatisfy(\.isUppercase) { return word.uppercased() }
        guard let first = original.first, first.isUppercase else { return word }
        return word.prefix(1).uppercased() + word.dropFirst()
    }

    private static let suffixRules: [(plural: String, singular: String)] = [
        ("sses", "ss"), ("ches", "ch"), ("shes", "sh"), ("xes", "x"), ("oes", "o"), ("ies", "y"),
    ]

    private static let irregularPlurals: [String: String] = [
        "leaf": "leaves", "loaf": "loaves", "half": "halves", "knife": "knives",
        "cookie": "cookies", "brownie": "brownies", "pie": "pies", "chilli": "chillies", "chili": "chilies",
        "potato": "potatoes", "tomato": "tomatoes", "mango": "mangoes",
    ]

    private static let irregularSingulars: [String: String] = Dictionary(
        uniqueKeysWithValues: irregularPlurals.map { ($0.value, $0.key) }
    ).merging(["molasses": "molasses"]) { $1 }

    /// Bought by weight or by the bunch: `2 garlic` is two of whatever the recipe meant, not
    /// `2 garlics`. Matched on how the name ends, so `garlic clove` and `red pepper` still inflect.
    private static let uncountables = PhraseTable(
        [
            "garlic", "ginger", "rice", "flour", "sugar", "salt", "black pepper", "white pepper", "cayenne pepper",
            "spinach", "kale", "broccoli", "celery", "asparagus", "rocket", "cress", "sweetcorn", "corn",
            "butter", "milk", "cream", "cheese", "yogurt", "yoghurt", "tofu", "feta", "mozzarella", "parmesan",
            "water", "oil", "honey", "yeast", "stock", "wine", "vinegar", "sauce", "pasta", "spaghetti", "couscous",
            "bread", "mince", "beef", "pork", "lamb", "bacon", "ham", "fish", "salmon", "cod", "tuna", "squid",
            "basil", "coriander", "parsley", "mint", "thyme", "rosemary", "sage", "dill", "chive", "oat", "edamame",
        ].map { ($0, true) })
}
