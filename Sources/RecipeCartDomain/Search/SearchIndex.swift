import Algorithms

/// Every recipe's searchable words, held in memory once a catalog generation, so a search ranks the whole catalog
/// without asking the database. At 100,000 recipes the database's own full-text ranking (FTS5's `bm25`) cost tens of
/// milliseconds a search; here a search walks the postings of the words it names.
///
/// A search finds the recipes holding every typed word as the start of a word of their title, ingredients, category,
/// diets or tags (a plural also as its singular). It lists first the recipes whose title holds every word, then by
/// where the words were found (a title hit outranks a category, diet, ingredient or tag hit), then the shorter title,
/// then by title.
package struct SearchIndex: Sendable {
    /// Where a word was found in a recipe.
    package struct Fields: OptionSet, Sendable {
        package let rawValue: UInt32

        package init(rawValue: UInt32) {
            self.rawValue = rawValue
        }

        package static let title = Fields(rawValue: 1)
        package static let ingredients = Fields(rawValue: 2)
        package static let category = Fields(rawValue: 4)
        package static let diets = Fields(rawValue: 8)
        package static let tags = Fields(rawValue: 16)

        package static let bits: UInt32 = 5

        /// The weights the database's ranking gave each column.
        package var weight: Int32 {
            (contains(.title) ? 10 : 0) + (contains(.category) ? 4 : 0) + (contains(.diets) ? 3 : 0)
                + (contains(.ingredients) ? 2 : 0) + (contains(.tags) ? 1 : 0)
        }
    }

    /// The recipes a search found, best first.
    package struct Ranking: Sendable {
        fileprivate let ids: [RecipeID]
        fileprivate let summaries: SummaryTable
        /// How many recipes the search found, of which `order` holds the best.
        package let count: Int
        fileprivate let order: [Int32]

        package func ids(_ range: Range<Int>) -> [RecipeID] {
            order[range.clamped(to: order.indices)].map { ids[Int($0)] }
        }

        /// The tiles of the same recipes as `ids(range)`, as the catalog was when the index was built.
        package func summaries(_ range: Range<Int>) -> [RecipeSummary] {
            order[range.clamped(to: order.indices)].map { summaries.summary(ofRecipeAt: Int($0), id: ids[Int($0)]) }
        }
    }

    /// In title order (then id): a recipe's place here is its number in `postings` and breaks the last ties.
    package let ids: [RecipeID]
    private let summaries: SummaryTable
    private let titleWordCounts: [UInt8]
    /// Every word, sorted, so the words a typed prefix begins are one range found by binary search.
    package let words: [String]
    /// The postings of `words[i]` are `postings[starts[i]..<starts[i + 1]]`.
    private let starts: [Int32]
    /// A recipe's number shifted past its `Fields`, ascending within a word.
    private let postings: [UInt32]

    package init(
        ids: [RecipeID], summaries: SummaryTable, titleWordCounts: [UInt8], words: [String], starts: [Int32],
        postings: [UInt32]
    ) {
        self.ids = ids
        self.summaries = summaries
        self.titleWordCounts = titleWordCounts
        self.words = words
        self.starts = starts
        self.postings = postings
    }

    /// Every recipe `allowed` holds (every recipe when nil), in title order, for browsing without a search.
    package func inTitleOrder(among allowed: Set<RecipeID>?) -> Ranking {
        let order = ids.indices.compactMap { number in
            allowed.map { $0.contains(ids[number]) } ?? true ? Int32(number) : nil
        }
        return Ranking(ids: ids, summaries: summaries, count: order.count, order: order)
    }

    /// How many recipes use `words[i]`.
    package func recipeCount(ofWordAt i: Int) -> Int {
        Int(starts[i + 1] - starts[i])
    }

    /// The recipes matching every word of `text`, best first; `allowed`, when given, keeps only those. Only the
    /// `best` first are put in order (a page needs a few dozen of the thousands a common word finds); `count` is all.
    ///
    /// The rarest typed word gives the candidates; each other word is then looked for in them, by a search of its
    /// postings for each candidate while there are few, else by one pass over its postings.
    ///
    /// The loops over candidates and postings work on buffers: through arrays' subscripts, their checks for a shared
    /// copy took a third of a search's ranking.
    package func rank(_ text: String, among allowed: Set<RecipeID>? = nil, best: Int = .max) -> Ranking {
        let typed = SearchWords.typed(text).map(match(_:)).sorted { $0.postingCount < $1.postingCount }
        guard let rarest = typed.first else { return Ranking(ids: ids, summaries: summaries, count: 0, order: []) }
        var candidates = candidates(holding: rarest)
        for word in typed.dropFirst() {
            if candidates.isEmpty { break }
            keep(&candidates, holding: word)
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
        return Ranking(
            ids: ids, summaries: summaries, count: keys.count,
            order: order.map { Int32(truncatingIfNeeded: $0 & 0xFFFF_FFFF) })
    }

    /// The words a typed word finds: those that it, or its singular, begins.
    private struct Match {
        /// Ranges of `words`, none within another.
        package let ranges: [Range<Int>]
        package let postingCount: Int

        package var wordCount: Int { ranges.reduce(0) { $0 + $1.count } }
    }

    private func match(_ typed: String) -> Match {
        let forms = SearchWords.forms(of: typed)
        // A form that another form begins adds nothing: its words are among that one's.
        let ranges = forms.filter { form in !forms.contains(where: { $0 != form && form.hasPrefix($0) }) }
            .map(wordRange(beginningWith:))
        return Match(
            ranges: ranges, postingCount: ranges.reduce(0) { $0 + Int(starts[$1.upperBound] - starts[$1.lowerBound]) })
    }

    /// The recipes holding `match`: a single word's postings are those recipes already.
    private func candidates(holding match: Match) -> [Candidate] {
        guard match.postingCount > 0 else { return [] }
        if match.wordCount == 1, let word = match.ranges.first(where: { !$0.isEmpty })?.lowerBound {
            return postings[Int(starts[word])..<Int(starts[word + 1])].map { posting in
                Candidate(number: Int32(posting >> Fields.bits), fields: UInt8(truncatingIfNeeded: posting & 0x1F))
            }
        }
        let (found, holders) = fields(matching: match)
        return holders.map { number in Candidate(number: number, fields: found[Int(number)]) }
    }

    /// Keeps the candidates that also hold `match`.
    private func keep(_ candidates: inout [Candidate], holding match: Match) {
        // A search gallops from where the last one ended: about twice the logarithm of the gap in steps, each
        // costing about what a pass spends on a posting (measured over the benchmark's searches at 100,000 recipes).
        let gap = match.postingCount / max(candidates.count * match.wordCount, 1)
        let stepsPerSearch = 2 * (Int.bitWidth - gap.leadingZeroBitCount) + 1
        guard candidates.count * match.wordCount * stepsPerSearch < match.postingCount else {
            let found = fields(matching: match).fields
            found.withUnsafeBufferPointer { found in Self.keep(&candidates) { found[Int($0.number)] } }
            return
        }
        candidates.sort { $0.number < $1.number }
        postings.withUnsafeBufferPointer { postings in
            // Candidates ascend, so each word's search starts where its last one ended.
            var searches = match.ranges.joined().map { word in (from: Int(starts[word]), end: Int(starts[word + 1])) }
            Self.keep(&candidates) { candidate in
                var fields: UInt8 = 0
                for i in searches.indices {
                    let at = Self.firstPosting(
                        in: postings, from: searches[i].from, to: searches[i].end, notBefore: candidate.number)
                    searches[i].from = at
                    if at < searches[i].end, postings[at] >> Fields.bits == UInt32(candidate.number) {
                        fields |= UInt8(truncatingIfNeeded: postings[at] & 0x1F)
                    }
                }
                return fields
            }
        }
    }

    /// Keeps the candidates in which `fields` finds the word, adding the fields it was found in.
    private static func keep(_ candidates: inout [Candidate], fields: (Candidate) -> UInt8) {
        let kept = candidates.withUnsafeMutableBufferPointer { candidates in
            var kept = 0
            for candidate in candidates {
                let here = fields(candidate)
                guard here != 0 else { continue }
                candidates[kept] = candidate.adding(here)
                kept += 1
            }
            return kept
        }
        candidates.removeLast(candidates.count - kept)
    }

    /// The first posting in `postings[from..<end]` (ascending) of recipe `number` or a later one: a gallop from
    /// `from`, then a binary search of the last stride.
    private static func firstPosting(
        in postings: UnsafeBufferPointer<UInt32>, from: Int, to end: Int, notBefore number: Int32
    ) -> Int {
        let target = UInt32(number) << Fields.bits
        var low = from
        var stride = 1
        while low + stride < end, postings[low + stride] < target {
            low += stride
            stride *= 2
        }
        var high = min(low + stride, end)
        while low < high {
            let middle = (low + high) / 2
            if postings[middle] < target { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// A recipe holding every word so far, with the fields it holds them in.
    private struct Candidate {
        package let number: Int32
        package let score: Int32
        package let titleHoldsAll: Bool

        package init(number: Int32, fields: UInt8) {
            self.number = number
            score = Fields(rawValue: UInt32(fields)).weight
            titleHoldsAll = fields & UInt8(Fields.title.rawValue) != 0
        }

        private init(number: Int32, score: Int32, titleHoldsAll: Bool) {
            self.number = number
            self.score = score
            self.titleHoldsAll = titleHoldsAll
        }

        package func adding(_ fields: UInt8) -> Candidate {
            Candidate(
                number: number, score: score + Fields(rawValue: UInt32(fields)).weight,
                titleHoldsAll: titleHoldsAll && fields & UInt8(Fields.title.rawValue) != 0)
        }

        /// One integer a recipe, smaller first: title holds every word, higher score, shorter title, title order.
        package func key(titleWordCount: UInt8) -> UInt64 {
            let tier: UInt64 = titleHoldsAll ? 0 : 1
            let score = UInt64(0xFFFF - min(score, 0xFFFF))
            return tier << 63 | score << 40 | UInt64(titleWordCount) << 32 | UInt64(UInt32(number))
        }
    }

    /// For each recipe, the fields holding a word of `match` (0 where none does); and the recipes holding one, so
    /// the candidates are known without reading every recipe's entry.
    private func fields(matching match: Match) -> (fields: [UInt8], holders: [Int32]) {
        let ranges = match.ranges
        // A recipe is a holder once, however many of the words it holds.
        let mostHolders = min(ids.count, match.postingCount)
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
        var low = 0
        var high = words.count
        while low < high {
            let middle = (low + high) / 2
            if words[middle] < prefix { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
