import Algorithms

/// Every recipe's searchable words, held in memory once a catalog generation, so a search ranks the whole catalog
/// without asking the database. At 100,000 recipes the database's own full-text ranking (FTS5's `bm25`) cost tens of
/// milliseconds a search; here a search walks the postings of the words it names.
///
/// A search finds the recipes holding every typed word as the start of a word of their title, ingredients, category,
/// diets or tags (a plural also as its singular). It lists first the recipes whose title holds every word, then by
/// where the words were found (a title hit outranks a category, diet, ingredient or tag hit), then the shorter title,
/// then by title.
public struct SearchIndex: Sendable {
    /// Where a word was found in a recipe.
    struct Fields: OptionSet, Sendable {
        let rawValue: UInt32

        static let title = Fields(rawValue: 1)
        static let ingredients = Fields(rawValue: 2)
        static let category = Fields(rawValue: 4)
        static let diets = Fields(rawValue: 8)
        static let tags = Fields(rawValue: 16)

        static let bits: UInt32 = 5

        /// The weights the database's ranking gave each column.
        var weight: Int32 {
            (contains(.title) ? 10 : 0) + (contains(.category) ? 4 : 0) + (contains(.diets) ? 3 : 0)
                + (contains(.ingredients) ? 2 : 0) + (contains(.tags) ? 1 : 0)
        }
    }

    /// The recipes a search found, best first.
    public struct Ranking: Sendable {
        fileprivate let ids: [RecipeID]
        /// How many recipes the search found, of which `order` holds the best.
        public let count: Int
        fileprivate let order: [Int32]

        public func ids(_ range: Range<Int>) -> [RecipeID] {
            order[range.clamped(to: order.indices)].map { ids[Int($0)] }
        }
    }

    /// In title order (then id): a recipe's place here is its number in `postings` and breaks the last ties.
    let ids: [RecipeID]
    private let titleWordCounts: [UInt8]
    /// Every word, sorted, so the words a typed prefix begins are one range found by binary search.
    let words: [String]
    /// The postings of `words[i]` are `postings[starts[i]..<starts[i + 1]]`.
    private let starts: [Int32]
    /// A recipe's number shifted past its `Fields`, ascending within a word.
    private let postings: [UInt32]

    init(ids: [RecipeID], titleWordCounts: [UInt8], words: [String], starts: [Int32], postings: [UInt32]) {
        self.ids = ids
        self.titleWordCounts = titleWordCounts
        self.words = words
        self.starts = starts
        self.postings = postings
    }

    /// How many recipes use `words[i]`.
    func recipeCount(ofWordAt i: Int) -> Int {
        Int(starts[i + 1] - starts[i])
    }

    /// The recipes matching every word of `text`, best first; `allowed`, when given, keeps only those. Only the
    /// `best` first are put in order (a page needs a few dozen of the thousands a common word finds); `count` is all.
    public func rank(_ text: String, among allowed: Set<RecipeID>? = nil, best: Int = .max) -> Ranking {
        let typed = SearchWords.typed(text)
        guard !typed.isEmpty else { return Ranking(ids: ids, count: 0, order: []) }
        var candidates: [Int32] = []
        var scores: [Int32] = []
        var titleHoldsAll: [Bool] = []
        for (position, word) in typed.enumerated() {
            let (found, holders) = fields(matching: word)
            if position == 0 {
                candidates = holders
                for number in holders {
                    let here = found[Int(number)]
                    scores.append(Fields(rawValue: UInt32(here)).weight)
                    titleHoldsAll.append(here & UInt8(Fields.title.rawValue) != 0)
                }
            } else {
                var kept = 0
                for i in candidates.indices {
                    let here = found[Int(candidates[i])]
                    guard here != 0 else { continue }
                    candidates[kept] = candidates[i]
                    scores[kept] = scores[i] + Fields(rawValue: UInt32(here)).weight
                    titleHoldsAll[kept] = titleHoldsAll[i] && here & UInt8(Fields.title.rawValue) != 0
                    kept += 1
                }
                candidates.removeLast(candidates.count - kept)
                scores.removeLast(scores.count - kept)
                titleHoldsAll.removeLast(titleHoldsAll.count - kept)
            }
            if candidates.isEmpty { break }
        }
        // One integer a recipe, smaller first: title holds every word, higher score, shorter title, title order.
        var keys: [UInt64] = []
        keys.reserveCapacity(candidates.count)
        for i in candidates.indices {
            let number = Int(candidates[i])
            if let allowed, !allowed.contains(ids[number]) { continue }
            let tier: UInt64 = titleHoldsAll[i] ? 0 : 1
            let score = UInt64(0xFFFF - min(scores[i], 0xFFFF))
            keys.append(tier << 63 | score << 40 | UInt64(titleWordCounts[number]) << 32 | UInt64(number))
        }
        let order = best < keys.count ? keys.min(count: best) : keys.sorted()
        return Ranking(ids: ids, count: keys.count, order: order.map { Int32(truncatingIfNeeded: $0 & 0xFFFF_FFFF) })
    }

    /// For each recipe, the fields holding a word that `word`, or its singular, begins (0 where none does); and the
    /// recipes holding one, so the first word's are known without reading every recipe's entry.
    private func fields(matching word: String) -> (fields: [UInt8], holders: [Int32]) {
        var found = [UInt8](repeating: 0, count: ids.count)
        var holders: [Int32] = []
        let forms = SearchWords.forms(of: word)
        // A form that another form begins adds nothing: its words are among that one's.
        for form in forms where !forms.contains(where: { $0 != form && form.hasPrefix($0) }) {
            let first = firstWord(notBefore: form)
            var i = first
            while i < words.count, words[i].hasPrefix(form) {
                for posting in postings[Int(starts[i])..<Int(starts[i + 1])] {
                    let number = Int(posting >> Fields.bits)
                    let before = found[number]
                    found[number] = before | UInt8(truncatingIfNeeded: posting & 0x1F)
                    if before == 0, found[number] != 0 { holders.append(Int32(number)) }
                }
                i += 1
            }
        }
        return (found, holders)
    }

    private func firstWord(notBefore prefix: String) -> Int {
        var low = 0, high = words.count
        while low < high {
            let middle = (low + high) / 2
            if words[middle] < prefix { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
