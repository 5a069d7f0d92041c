import Foundation

/// Values looked up by the words of an ingredient's name, compared folded and singular so that
/// `Chopped Tomatoes`, `chopped tomato` and `chopped-tomatoes` all read `chopped tomato`.
package struct PhraseTable<Value: Sendable>: Sendable {
    private let values: [[String]: Value]
    private let longestPhrase: Int

    /// The first value given for a phrase stands.
    package init(_ entries: [(phrase: String, value: Value)]) {
        var values: [[String]: Value] = [:]
        for (phrase, value) in entries {
            let words = Self.words(phrase)
            if !words.isEmpty, values[words] == nil { values[words] = value }
        }
        self.values = values
        longestPhrase = values.keys.map(\.count).max() ?? 0
    }

    /// The whole name and nothing else: `olive oil`, but not `chilli olive oil`.
    package func value(whole name: String) -> Value? {
        values[Self.words(name)]
    }

    /// The longest phrase the name ends with: `garlic` for `wild garlic`, nothing for `garlic clove`.
    package func value(endingWith name: String) -> Value? {
        let words = Self.words(name)
        return matches(in: words).first { $0.range.upperBound == words.count }?.value
    }

    /// The longest phrase anywhere in the name; of two as long, the later, since the thing itself
    /// comes last (`egg noodle` is a noodle, `beef tomato` a tomato).
    package func value(within name: String) -> Value? {
        matches(in: Self.words(name)).first?.value
    }

    /// Longest first, then latest first.
    private func matches(in words: [String]) -> [(range: Range<Int>, value: Value)] {
        var found: [(range: Range<Int>, value: Value)] = []
        for length in stride(from: min(longestPhrase, words.count), through: 1, by: -1) {
            for start in stride(from: words.count - length, through: 0, by: -1) {
                let range = start..<start + length
                if let value = values[Array(words[range])] { found.append((range, value)) }
            }
        }
        return found
    }

    /// Folded, lowercased, apostrophes dropped (`goat's` is `goats`), split at anything but letters
    /// and digits (`self-raising`, `salt & pepper`), each word singular.
    package static func words(_ name: String) -> [String] {
        name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .lowercased()
            .filter { $0 != "'" && $0 != "’" }
            .split { !$0.isLetter && !$0.isNumber }
            .map { IngredientName.singular(String($0)) }
    }
}
