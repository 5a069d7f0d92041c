import RecipeCartDomain

/// Gathers a `SearchIndex` from the catalog's rows as a store reads them, in any order: recipes first, then their
/// ingredient names and diets.
package struct SearchIndexBuilder {
    /// The same on both databases: the shop's edits applied (`recipe_effective`).
    package static let recipesSQL =
        "SELECT id, title, category, tags, servings, ready_minutes, image_path FROM recipe_effective"
    package static let ingredientsSQL = "SELECT recipe_id, name FROM recipe_ingredients"
    package static let dietsSQL = "SELECT recipe_id, diet FROM recipe_diets"

    private var numbers: [String: Int32] = [:]
    private var ids: [RecipeID] = []
    private var summaries = SummaryTable()
    private var titles: [String] = []
    private var titleWordCounts: [UInt8] = []
    private var postings: [String: [UInt32]] = [:]
    /// A million ingredient rows hold a few thousand names: each is split into words once.
    private var nameWords: [String: [String]] = [:]

    package init(
        numbers: [String: Int32] = [:], ids: [RecipeID] = [], titles: [String] = [], titleWordCounts: [UInt8] = [],
        postings: [String: [UInt32]] = [:], nameWords: [String: [String]] = [:]
    ) {
        self.numbers = numbers
        self.ids = ids
        self.titles = titles
        self.titleWordCounts = titleWordCounts
        self.postings = postings
        self.nameWords = nameWords
    }

    /// A recipe's words, and its tile (its servings, minutes and image are shown on it, not searched).
    package mutating func addRecipe(
        id: String, title: String, category: String, tags: String, servings: Int? = nil, readyMinutes: Int? = nil,
        imagePath: String? = nil
    ) {
        guard numbers[id] == nil, let recipeID = RecipeID(id) else { return }
        let number = Int32(ids.count)
        numbers[id] = number
        ids.append(recipeID)
        summaries.append(
            title: title, category: category, servings: servings, readyMinutes: readyMinutes, imagePath: imagePath)
        titles.append(title.lowercased())
        let words = SearchWords.of(title)
        titleWordCounts.append(UInt8(min(words.count, Int(UInt8.max))))
        add(words, .title, number)
        add(SearchWords.of(category), .category, number)
        add(SearchWords.of(tags), .tags, number)
    }

    package mutating func addIngredient(recipeID: String, name: String) {
        guard let number = numbers[recipeID] else { return }
        let words = nameWords[name] ?? SearchWords.of(name)
        nameWords[name] = words
        add(words, .ingredients, number)
    }

    package mutating func addDiet(recipeID: String, diet: String) {
        guard let number = numbers[recipeID] else { return }
        add(SearchWords.of(diet), .diets, number)
    }

    private mutating func add(_ words: [String], _ fields: SearchIndex.Fields, _ number: Int32) {
        let posting = UInt32(number) << SearchIndex.Fields.bits | fields.rawValue
        for word in words {
            Self.append(posting, to: &postings[word, default: []])
        }
    }

    /// A recipe's postings for one word are joined when they come together; `index()` joins the rest.
    private static func append(_ posting: UInt32, to list: inout [UInt32]) {
        if let last = list.last, last >> SearchIndex.Fields.bits == posting >> SearchIndex.Fields.bits {
            list[list.count - 1] = last | posting
        } else {
            list.append(posting)
        }
    }

    /// The index, its recipes renumbered in title order (then id). Each word's postings are let go as they are
    /// copied, so a build at 100,000 recipes never holds two copies of them.
    package mutating func index() -> SearchIndex {
        let byTitle = ids.indices.sorted { (titles[$0], ids[$0]) < (titles[$1], ids[$1]) }
        titles = []
        var renumbered = [UInt32](repeating: 0, count: ids.count)
        for (position, number) in byTitle.enumerated() { renumbered[number] = UInt32(position) }
        let words = postings.keys.sorted()
        var starts: [Int32] = [0]
        var flat: [UInt32] = []
        starts.reserveCapacity(words.count + 1)
        flat.reserveCapacity(postings.values.reduce(0) { $0 + $1.count })
        for word in words {
            var list = postings.removeValue(forKey: word) ?? []
            for i in list.indices {
                list[i] =
                    renumbered[Int(list[i] >> SearchIndex.Fields.bits)] << SearchIndex.Fields.bits | list[i] & 0x1F
            }
            list.sort()
            let first = flat.count
            for posting in list {
                if flat.count > first,
                    flat[flat.count - 1] >> SearchIndex.Fields.bits == posting >> SearchIndex.Fields.bits
                {
                    flat[flat.count - 1] |= posting
                } else {
                    flat.append(posting)
                }
            }
            starts.append(Int32(flat.count))
        }
        return SearchIndex(
            ids: byTitle.map { ids[$0] }, summaries: summaries.reordered(byTitle),
            titleWordCounts: byTitle.map { titleWordCounts[$0] },
            words: words, starts: starts, postings: flat)
    }
}
