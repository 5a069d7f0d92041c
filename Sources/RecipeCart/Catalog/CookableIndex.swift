/// Every recipe's ingredient names, held once a catalog generation, so "What can I make with…" ranks the whole
/// catalog by comparing each distinct name with the shopper's items once, not every ingredient row of every recipe.
struct CookableIndex: Sendable {
    struct Ranked: Equatable {
        let id: RecipeID
        /// The ingredients still to get, in the recipe's order: neither among the items nor a pantry staple.
        let missing: [String]
    }

    /// The recipes using at least one item, in order; what each is missing is spelled out only for the rows shown.
    struct Ranking {
        fileprivate let index: CookableIndex
        fileprivate let had: [Bool]
        fileprivate let order: [Int32]

        var count: Int { order.count }

        func ranked(_ range: Range<Int>) -> [Ranked] {
            order[range.clamped(to: order.indices)].map { number in
                let entry = index.entries[Int(number)]
                return Ranked(id: entry.id, missing: index.missing(from: entry, had: had))
            }
        }
    }

    private struct Name {
        let display: String
        let words: [String]
        let isStaple: Bool
    }

    private struct Entry {
        let id: RecipeID
        let names: [Int32]
    }

    private let names: [Name]
    /// In title order (then id), so a recipe's place here breaks ties between equally cookable ones.
    private let entries: [Entry]

    init(lists: [IngredientList]) {
        var numbers: [String: Int32] = [:]
        var names: [Name] = []
        let byTitle = lists.map { ($0.title.lowercased(), $0) }.sorted { ($0.0, $0.1.id) < ($1.0, $1.1.id) }.map(\.1)
        entries = byTitle.map { list in
            Entry(id: list.id, names: list.names.map { name in
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

    /// Recipes using at least one of `items`, fewest missing ingredients first (each missing name counted once),
    /// then those using more of the items, then by title. `allowed`, when given, keeps only those recipes.
    func rank(have items: [String], among allowed: Set<RecipeID>?) -> Ranking {
        let itemWords = items.map(HaveList.words(of:))
        let had = names.map { name in itemWords.contains { HaveList.covers(name.words, $0) } }
        // Small integers only: sorting thousands of recipes moves no strings or arrays.
        var scored: [(missing: Int32, unused: Int32, number: Int32)] = []
        for (number, entry) in entries.enumerated() where allowed?.contains(entry.id) ?? true {
            var used: Int32 = 0, missing: Int32 = 0
            for (position, name) in entry.names.enumerated() {
                if had[Int(name)] {
                    used += 1
                } else if !names[Int(name)].isStaple, !entry.names[..<position].contains(name) {
                    missing += 1
                }
            }
            if used > 0 { scored.append((missing, -used, Int32(number))) }
        }
        scored.sort { ($0.missing, $0.unused, $0.number) < ($1.missing, $1.unused, $1.number) }
        return Ranking(index: self, had: had, order: scored.map(\.number))
    }

    /// The entry's names neither had nor a staple, each once (the same name has the same number), as `rank` counts them.
    private func missing(from entry: Entry, had: [Bool]) -> [String] {
        var missing: [Int32] = []
        for name in entry.names where !had[Int(name)] && !names[Int(name)].isStaple && !missing.contains(name) {
            missing.append(name)
        }
        return missing.map { names[Int($0)].display }
    }
}
