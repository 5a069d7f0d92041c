/// Every recipe's ingredient names, held once a catalog generation, so "What can I make with…" ranks the whole
/// catalog by comparing each distinct name with the shopper's items once, not every ingredient row of every recipe.
struct CookableIndex: Sendable {
    struct Ranked: Equatable {
        let id: RecipeID
        /// The ingredients still to get, in the recipe's order: neither among the items nor a pantry staple.
        let missing: [String]
    }

    private struct Name {
        let display: String
        let words: [String]
        let isStaple: Bool
    }

    private struct Entry {
        let id: RecipeID
        let titleKey: String
        let names: [Int32]
    }

    private let names: [Name]
    private let entries: [Entry]

    init(lists: [IngredientList]) {
        var numbers: [String: Int32] = [:]
        var names: [Name] = []
        entries = lists.map { list in
            Entry(id: list.id, titleKey: list.title.lowercased(), names: list.names.map { name in
                if let number = numbers[name] { return number }
                let number = Int32(names.count)
                names.append(Name(
                    display: name, words: HaveList.words(of: name),
                    isStaple: PantryStaple.startsAsHave(IngredientName(name).key)))
                numbers[name] = number
                return number
            })
        }
        self.names = names
    }

    /// Recipes using at least one of `items`, fewest missing ingredients first, then those using more of the items,
    /// then by title. `allowed`, when given, keeps only those recipes (the page's other filters).
    func rank(have items: [String], among allowed: Set<RecipeID>?) -> [Ranked] {
        let itemWords = items.map(HaveList.words(of:))
        let had = names.map { name in itemWords.contains { HaveList.covers(name.words, $0) } }
        var ranked: [(entry: Entry, used: Int, missing: [String])] = []
        for entry in entries where allowed?.contains(entry.id) ?? true {
            var used = 0
            var missing: [String] = []
            for number in entry.names {
                let name = names[Int(number)]
                if had[Int(number)] {
                    used += 1
                } else if !name.isStaple, !missing.contains(name.display) {
                    missing.append(name.display)
                }
            }
            if used > 0 { ranked.append((entry, used, missing)) }
        }
        ranked.sort { a, b in
            (a.missing.count, b.used, a.entry.titleKey, a.entry.id) < (b.missing.count, a.used, b.entry.titleKey, b.entry.id)
        }
        return ranked.map { Ranked(id: $0.entry.id, missing: $0.missing) }
    }
}
