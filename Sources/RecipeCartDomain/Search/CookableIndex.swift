import Algorithms

/// Every recipe's ingredient names, held once a catalog generation, so "What can I make with…" ranks the whole
/// catalog by comparing each distinct name with the shopper's items once, not every ingredient row of every recipe.
package struct CookableIndex: Sendable {
    package struct Ranked: Equatable {
        package let id: RecipeID
        /// The ingredients still to get, in the recipe's order: neither among the items nor a pantry staple.
        package let missing: [String]
    }

    /// The recipes using at least one item, in order; what each is missing is spelled out only for the rows shown.
    package struct Ranking {
        fileprivate let index: CookableIndex
        fileprivate let had: [Bool]
        /// How many recipes use an item, of which `order` holds the best.
        package let count: Int
        fileprivate let order: [Int32]

        package func ranked(_ range: Range<Int>) -> [Ranked] {
            order[range.clamped(to: order.indices)].map { number in
                let entry = index.entries[Int(number)]
                return Ranked(id: entry.id, missing: index.missing(from: entry, had: had))
            }
        }
    }

    private struct Name {
        package let display: String
        package let words: [String]
        package let isStaple: Bool
    }

    private struct Entry {
        package let id: RecipeID
        /// Each distinct name once, in the recipe's order.
        package let names: [Int32]
    }

    private let names: [Name]
    /// In title order (then id), so a recipe's place here breaks ties between equally cookable ones.
    private let entries: [Entry]

    package init(lists: [IngredientList]) {
        var numbers: [String: Int32] = [:]
        var names: [Name] = []
        let byTitle = lists.map { ($0.title.lowercased(), $0) }.sorted { ($0.0, $0.1.id) < ($1.0, $1.1.id) }.map(\.1)
        entries = byTitle.map { list in
            // Each name once, in the recipe's order: a name listed twice is one thing to get.
            var listed: [Int32] = []
            for name in list.names {
                let number: Int32
                if let known = numbers[name] {
                    number = known
                } else {
                    number = Int32(names.count)
                    names.append(
                        Name(
                            display: name, words: HaveList.words(of: name),
                            isStaple: PantryStaple.startsAsHave(IngredientName(name).key)))
                    numbers[name] = number
                }
                if !listed.contains(number) { listed.append(number) }
            }
            return Entry(id: list.id, names: listed)
        }
        self.names = names
    }

    /// Recipes using at least one of `items`, fewest missing ingredients first, then those using more of the items
    /// (each name counted once either way), then by title. `allowed`, when given, keeps only those recipes. Only the
    /// `best` first are put in order; `count` is all.
    package func rank(have items: [String], among allowed: Set<RecipeID>?, best: Int = .max) -> Ranking {
        let itemWords = items.map(HaveList.words(of:))
        let had = names.map { name in itemWords.contains { HaveList.covers(name.words, $0) } }
        // One integer a recipe, smaller first: fewer missing, more used, title order. Sorting thousands of them moves no
        // strings, arrays or tuples (a tuple sort was a fifth of a request).
        var keys: [UInt64] = []
        for (number, entry) in entries.enumerated() where allowed?.contains(entry.id) ?? true {
            var used: UInt64 = 0
            var missing: UInt64 = 0
            for name in entry.names {
                if had[Int(name)] {
                    used += 1
                } else if !names[Int(name)].isStaple {
                    missing += 1
                }
            }
            if used > 0 {
                keys.append(min(missing, 0xFFFF) << 48 | (0xFFFF - min(used, 0xFFFF)) << 32 | UInt64(number))
            }
        }
        let order = best < keys.count ? keys.min(count: best) : keys.sorted()
        return Ranking(
            index: self, had: had, count: keys.count, order: order.map { Int32(truncatingIfNeeded: $0 & 0xFFFF_FFFF) })
    }

    /// The entry's names neither had nor a staple, as `rank` counts them.
    private func missing(from entry: Entry, had: [Bool]) -> [String] {
        entry.names.filter { !had[Int($0)] && !names[Int($0)].isStaple }.map { names[Int($0)].display }
    }
}
