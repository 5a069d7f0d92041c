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
    ///
    /// The loops over candidates and postings work on buffers: through arrays' subscripts, their checks for a shared
    /// copy took a third of a search's ranking.
    public func rank(_ text: String, among allowed: Set<RecipeID>? = nil, best: Int = .max) -> Ranking {
        let typed = SearchWords.typed(text)
        guard !typed.isEmpty else { return Ranking(ids: ids, count: 0, order: []) }
        var candidates: [Candidate] = []
        for (position, word) in typed.enumerated() {
            let (found, holders) = fields(matching: word)
            if position == 0 {
                candidates = holders.map { number in Candidate(number: number, fields: found[Int(number)]) }
            } else {
                let kept = candidates.withUnsafeMutableBufferPointer { candidates in
                    found.withUnsafeBufferPointer { found in
                        var kept = 0
                        for candidate in candidates {
                            let here = found[Int(candidate.number)]
                            guard here != 0 else { continue }
                            candidates[kept] = candidate.adding(here)
                            kept += 1
                        }
                        return kept
                    }
                }
                candidates.removeLast(candidates.count - kept)
            }
            if candidates.isEmpty { break }
        }
        let keys = candidates.withUnsafeBufferPointer { candidates in
            [UInt64](unsafeUninitializedCapacity: candidates.count) { keys, count in
                for candidate in candidates {
                    if let allowed, !allowed.contains(ids[Int(candidate.number)]) { continue }
                    keys[count] = candidate.key(titleWordCount: titleWordCounts[Int(candidate.number)])
                    count += 1
                }
            }
        }
        let order = best < keys.count ? keys.min(count: best) : keys.sorted()
        return Ranking(ids: ids, count: keys.count, order: order.map { Int32(truncatingIfNeeded: $0 & 0xFFFF_FFFF) })
    }

    /// A recipe holding every word so far, with the fields it holds them in.
    private struct Candidate {
        let number: Int32
        let score: Int32
        let titleHoldsAll: Bool

        init(number: Int32, fields: UInt8) {
            self.number = number
            score = Fields(rawValue: UInt32(fields)).weight
            titleHoldsAll = fields & UInt8(Fields.title.rawValue) != 0
        }

        private init(number: Int32, score: Int32, titleHoldsAll: Bool) {
            self.number = number
            self.score = score
            self.titleHoldsAll = titleHoldsAll
        }

        func adding(_ fields: UInt8) -> Candidate {
            Candidate(
                number: number, score: score + Fields(rawValue: UInt32(fields)).weight,
                titleHoldsAll: titleHoldsAll && fields & UInt8(Fields.title.rawValue) != 0)
        }

        /// One integer a recipe, smaller first: title holds every word, higher score, shorter title, title order.
        func key(titleWordCount: UInt8) -> UInt64 {
            let tier: UInt64 = titleHoldsAll ? 0 : 1
            let score = UInt64(0xFFFF - min(score, 0xFFFF))
            return tier << 63 | score << 40 | UInt64(titleWordCount) << 32 | UInt64(UInt32(number))
        }
    }

    /// For each recipe, the fields holding a word that `word`, or its singular, begins (0 where none does); and the
    /// recipes holding one, so the first word's are known without reading every recipe's entry.
    private func fields(matching word: String) -> (fields: [UInt8], holders: [Int32]) {
        let forms = SearchWords.forms(of: word)
        // A form that another form begins adds nothing: its words are among that one's.
        let ranges = forms.filter { form in !forms.contains(where: { $0 != form && form.hasPrefix($0) }) }
            .map(wordRange(beginningWith:))
        // A recipe is a holder once, however many of the words it holds.
        let mostHolders = min(ids.count, ranges.reduce(0) { $0 + Int(starts[$1.upperBound] - starts[$1.lowerBound]) })
        var found = [UInt8](repeating: 0, count: ids.count)
        let holders = found.withUnsafeMutableBufferPointer { found in
            postings.withUnsafeBufferPointer { postings in
                [Int32](unsafeUninitializedCapacity: mostHolders) { holders, count in
                    for range in ranges {
                        for posting in postings[Int(starts[range.lowerBound])..<Int(starts[range.upperBound])] {
                            let number = Int(posting >> Fields.bits)
                            let before = found[number]
                            found[number] = before | UInt8(truncatingIfNeeded: posting & 0x1F)
                            if before == 0, found[number] != 0 {
                                holders[count] = Int32(number)
                                count += 1
                            }
                        }
                    }
                }
            }
        }
        return (found, holders)
    }

    /// The words `prefix` begins: one range, as `words` is sorted.
    private func wordRange(beginningWith prefix: String) -> Range<Int> {
        var end = firstWord(notBefore: prefix)
        let start = end
        while end < words.count, words[end].hasPrefix(prefix) { end += 1 }
        return start..<end
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
