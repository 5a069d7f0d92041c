import RecipeCartDomain
import Testing

@Suite struct SearchPatternTests {
    @Test(arguments: [
        ("chocolate cake", #""chocolate"* "cake"*"#),
        ("  Crème  brûlée ", #""crème"* "brûlée"*"#),
        (#""unbalanced"#, #""unbalanced"*"#),
        ("pasta OR NEAR -x*", #""pasta"* "or"* "near"* "x"*"#),
        ("col:title", #""col"* "title"*"#),
    ])
    func quotesEveryToken(_ text: String, _ expected: String) {
        #expect(SearchPattern.make(from: text) == expected)
    }

    @Test(arguments: ["", "   ", "***", "\"\"", "🍕🍕", "-:-"])
    func textWithoutWordsHasNoPattern(_ text: String) {
        #expect(SearchPattern.make(from: text) == nil)
    }

    @Test func longTextIsBounded() throws {
        let pattern = try #require(
            SearchPattern.make(from: String(repeating: "tomato ", count: 2000) + String(repeating: "x", count: 500)))
        #expect(pattern.components(separatedBy: " ").count == SearchPattern.maximumTokens)
    }
}
