/// Turns anything typed in the search box into the words a search looks for, and into a safe FTS5 pattern.
///
/// Only letters and digits make words, so operators typed by a shopper (FTS5's `OR`, `NEAR`, `-`, `*`, quotes;
/// tsquery's `&`, `|`, `!`, `:`) are never parsed, and a malformed query can never reach the database.
package enum SearchPattern {
    package static let maximumTokens = 12
    package static let maximumTokenLength = 40

    /// The lower-cased words of `text`, at most `maximumTokens`, each cut to `maximumTokenLength`.
    package static func tokens(from text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        func flush() {
            if !current.isEmpty, tokens.count < maximumTokens {
                tokens.append(String(current.prefix(maximumTokenLength)))
            }
            current = ""
        }
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else {
                flush()
            }
            if tokens.count == maximumTokens { break }
        }
        flush()
        return tokens
    }

    /// All tokens must match, each as a prefix, so "choc cake" finds "Chocolate Cake". Nil when
    /// the text holds no letters or digits.
    package static func make(from text: String) -> String? {
        let tokens = tokens(from: text)
        guard !tokens.isEmpty else { return nil }
        return tokens.map { "\"\($0)\"*" }.joined(separator: " ")
    }
}
