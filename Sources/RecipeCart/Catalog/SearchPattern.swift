/// Turns anything typed in the search box into a safe FTS5 pattern.
///
/// Every token is quoted, so FTS5 operators (`OR`, `NEAR`, `-`, `*`, quotes) typed by a shopper are
/// searched as words instead of being parsed, and a malformed query can never reach SQLite.
enum SearchPattern {
    static let maximumTokens = 12
    static let maximumTokenLength = 40

    /// All tokens must match, each as a prefix, so "choc cake" finds "Chocolate Cake". Nil when
    /// the text holds no letters or digits.
    static func make(from text: String) -> String? {
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
        guard !tokens.isEmpty else { return nil }
        return tokens.map { "\"\($0)\"*" }.joined(separator: " ")
    }
}
