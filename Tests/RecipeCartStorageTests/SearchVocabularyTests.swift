import RecipeCartDomain
import RecipeCartStorage
import RecipeCartUpstream
import Testing

/// The vocabulary of an index whose recipes are titled `texts`.
private func indexedVocabulary(texts: [String]) -> SearchVocabulary {
    var builder = SearchIndexBuilder()
    for (number, text) in texts.enumerated() {
        builder.addRecipe(id: "test-\(number)", title: text, category: "", tags: "")
    }
    return SearchVocabulary(index: builder.index())
}

@Suite struct SearchVocabularyTests {
    let vocabulary = indexedVocabulary(texts: [
        "Chicken Tikka Masala Curry indian", "Lemon Chicken Soup", "Crème Brûlée Dessert french", "chickpeas",
        "Chocolate Cake Dessert", "chicken thighs", "tomato", "cheese",
    ])

    @Test func editsAreCountedWithSwapsAsOne() {
        func distance(_ a: String, _ b: String, limit: Int = 2) -> Int {
            SearchVocabulary.distance(Array(a), Array(b), limit: limit)
        }
        #expect(distance("chicken", "chicken") == 0)
        #expect(distance("chiken", "chicken") == 1)
        #expect(distance("cihcken", "chicken") == 1)
        #expect(distance("chickne", "chicken") == 1)
        #expect(distance("chkn", "chicken") == 3)
        #expect(distance("tomatoe", "tomato") == 1)
        #expect(distance("", "abc") == 3)
        #expect(distance("abc", "") == 3)
        #expect(distance("kitten", "sitting", limit: 5) == 3)
        #expect(distance("abcdefgh", "zzzzzzzz", limit: 2) == 3)
    }

    @Test func aMistypedWordGetsTheNearestKnownWord() {
        #expect(vocabulary.suggestion(for: "chiken") == "chicken")
        #expect(vocabulary.suggestion(for: "Chiken  curyy") == "chicken curry")
        #expect(vocabulary.suggestion(for: "lemon chikcen") == "lemon chicken")
        #expect(vocabulary.suggestion(for: "creme brulle") == "creme brulee")
        #expect(vocabulary.suggestion(for: "chocolte cake") == "chocolate cake")
    }

    @Test func correctWordsAndPrefixesAreNeverCorrected() {
        #expect(vocabulary.suggestion(for: "chicken") == nil)
        #expect(vocabulary.suggestion(for: "chick") == nil)
        // A prefix finds its recipes already: "brule" is how "brulee" begins.
        #expect(vocabulary.suggestion(for: "creme brule") == nil)
        #expect(vocabulary.suggestion(for: "Crème") == nil)
        #expect(vocabulary.suggestion(for: "vegan") == nil)
        #expect(vocabulary.knows("chickp"))
        #expect(!vocabulary.knows("chiken"))
    }

    @Test func nothingNearOrNothingToReadSuggestsNothing() {
        #expect(vocabulary.suggestion(for: "zzzzzz") == nil)
        #expect(vocabulary.suggestion(for: "chiken zzzzzz") == nil)
        #expect(vocabulary.suggestion(for: "") == nil)
        #expect(vocabulary.suggestion(for: "!!! *** ---") == nil)
        #expect(vocabulary.suggestion(for: "ab") == nil)
        #expect(vocabulary.suggestion(for: String(repeating: "<script>", count: 25)) == nil)
        #expect(indexedVocabulary(texts: []).suggestion(for: "chiken") == nil)
    }

    @Test func shortWordsTakeOneEditAndTheCommonerWordWinsATie() {
        // "chees" is one edit from "cheese"; four letters allow one edit only.
        #expect(vocabulary.suggestion(for: "chees") == nil)
        #expect(vocabulary.suggestion(for: "cheeze") == "cheese")
        #expect(vocabulary.suggestion(for: "tmato") == "tomato")
        let tie = indexedVocabulary(texts: ["bake", "bake", "bake", "cake"])
        #expect(tie.suggestion(for: "dake") == "bake")
    }

    @Test func numbersAreNeverCorrectedNorKept() {
        let numbered = indexedVocabulary(texts: ["Smoky Chicken Stew 1234", "Golden Lentil Soup 1235", "Beef Pie 7"])
        #expect(numbered.suggestion(for: "chiken stew 1234") == "chicken stew 1234")
        #expect(numbered.suggestion(for: "1236") == nil)
        #expect(numbered.suggestion(for: "8") == nil)
        #expect(!numbered.knows("123"))
    }
}
