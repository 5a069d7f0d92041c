/// The words a shopper can find recipes by (titles, categories, tags, ingredient names), so that a search that finds
/// nothing can offer the nearest: "chiken" → "chicken". Taken from the generation's `SearchIndex`, whose words
/// these are.
package struct SearchVocabulary: Sendable {

    /// Folded words, sorted, so a prefix is found by binary search.
    private let sorted: [String]
    private let frequency: [String: Int]
    /// Words by length: a word within distance 2 is at most 2 letters longer or shorter.
    private let byLength: [Int: [String]]

    /// Each word counts the recipes using it: the more common of two equally near words wins.
    package init(index: SearchIndex) {
        var frequency: [String: Int] = [:]
        // Numbers are never corrected, so they are not kept: a catalog with numbered titles would hold one per recipe.
        for (i, word) in index.words.enumerated() where !Self.isNumber(word) {
            frequency[word] = index.recipeCount(ofWordAt: i)
        }
        for word in Diet.allCases.flatMap({ SearchWords.of($0.label) }) { frequency[word, default: 0] += 1 }
        self.frequency = frequency
        sorted = frequency.keys.sorted()
        byLength = Dictionary(grouping: frequency.keys, by: \.count)
    }

    private static func isNumber(_ word: String) -> Bool {
        word.allSatisfy(\.isNumber)
    }

    /// A search matches every word as a prefix, so a word that begins a known word is never "corrected".
    package func knows(_ word: String) -> Bool {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < word { low = middle + 1 } else { high = middle }
        }
        return low < sorted.count && sorted[low].hasPrefix(word)
    }

    /// `text` with each unknown word replaced by the nearest known one (one edit for words of up to four letters,
    /// two beyond; the more common word wins a tie). Nil when no word changes or an unknown word has no neighbour.
    package func suggestion(for text: String) -> String? {
        let words = SearchWords.typed(text)
        guard !words.isEmpty else { return nil }
        var changed = false
        var suggested: [String] = []
        for word in words {
            if knows(word) || Self.isNumber(word) {
                suggested.append(word)
            } else {
                guard let nearest = nearest(to: word) else { return nil }
                suggested.append(nearest)
                changed = true
            }
        }
        return changed ? suggested.joined(separator: " ") : nil
    }

    private func nearest(to word: String) -> String? {
        let letters = Array(word)
        let limit = letters.count <= 4 ? 1 : 2
        guard letters.count >= 3 else { return nil }
        var best: (word: String, distance: Int, frequency: Int)?
        for length in (letters.count - limit)...(letters.count + limit) {
            for candidate in byLength[length] ?? [] {
                let distance = Self.distance(letters, Array(candidate), limit: limit)
                guard distance <= limit else { continue }
                let count = frequency[candidate] ?? 0
                if best == nil || distance < best!.distance
                    || (distance == best!.distance && (count, best!.word) > (best!.frequency, candidate))
                {
                    best = (candidate, distance, count)
                }
            }
        }
        return best?.word
    }

    /// Edits (insert, delete, substitute, swap two neighbours) from `a` to `b`; anything over `limit` is `limit + 1`.
    package static func distance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return min(max(a.count, b.count), limit + 1) }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowBest = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, before[j - 2] + 1) }
                current[j] = value
                rowBest = min(rowBest, value)
            }
            if rowBest > limit { return limit + 1 }
            (before, previous, current) = (previous, current, before)
        }
        return min(previous[b.count], limit + 1)
    }
}
