import Foundation

/// What a shopper says they have, for "What can I make with…" (`?have=egg, flour, milk`). Each item is matched by its
/// words against ingredient names, so "flour" finds "plain flour" and "eggs" finds "egg yolks", but "milk" is not
/// "buttermilk".
package enum HaveList {
    package static let maximum = 10
    package static let maximumLength = 40

    /// The items of `text` (separated by commas, semicolons or new lines), lower-cased, punctuation dropped, spaces
    /// collapsed, without repeats. Only the first `maximum` count: more is ignored like an unknown filter value.
    package static func items(from text: String) -> [String] {
        var items: [String] = []
        var seen = Set<[String]>()
        for part in text.split(whereSeparator: { ",;\n\r".contains($0) }) {
            let item = String(
                part.lowercased()
                    .split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "-" || $0 == "'") })
                    .joined(separator: " ")
                    .prefix(maximumLength))
            guard !item.isEmpty, seen.insert(words(of: item)).inserted else { continue }
            items.append(item)
            if items.count == maximum { break }
        }
        return items
    }

    /// An ingredient name or an item as the two are compared: accents folded, lower case, each word singular.
    package static func words(of text: String) -> [String] {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .lowercased()
            .split(whereSeparator: { !($0.isLetter || $0.isNumber) })
            .map { IngredientName.singular(String($0)) }
    }

    /// True when `item`'s words stand together, in order, in `name`'s, and name the thing itself: "flour" is in
    /// "plain flour" and "egg" in "egg yolk", but "coconut milk", "egg noodles" and "chicken stock" are other things.
    package static func covers(_ name: [String], _ item: [String]) -> Bool {
        guard !item.isEmpty, item.count <= name.count else { return false }
        return (0...(name.count - item.count)).contains { start in
            let end = start + item.count
            return name[start..<end].elementsEqual(item)
                && (start == 0 || !otherThingBefore.contains(name[start - 1]))
                && (end == name.count || !otherThingAfter.contains(name[end]))
        }
    }

    /// Words that make the next one another product: coconut milk, peanut butter, rice flour.
    private static let otherThingBefore: Set<String> = [
        "almond", "butter", "cashew", "cocoa", "coconut", "oat", "peanut", "rice", "soy", "soya",
    ]
    /// Words that make the one before a part of another product: egg noodles, flour tortillas, chicken stock.
    private static let otherThingAfter: Set<String> = ["broth", "cube", "noodle", "stock", "tortilla", "wrap"]
}
