import RecipeCartDomain
import RecipeCartStorage
import RecipeCartUpstream
import Testing

@Suite struct SearchIndexTests {
    struct Entry {
        var id: String
        var title: String
        var category = ""
        var tags = ""
        var ingredients: [String] = []
        var diets: [String] = []
    }

    static func index(_ entries: [Entry]) -> SearchIndex {
        var builder = SearchIndexBuilder()
        for entry in entries {
            builder.addRecipe(id: entry.id, title: entry.title, category: entry.category, tags: entry.tags)
        }
        // Ingredients and diets come after every recipe, as the stores read them.
        for entry in entries {
            for name in entry.ingredients { builder.addIngredient(recipeID: entry.id, name: name) }
            for diet in entry.diets { builder.addDiet(recipeID: entry.id, diet: diet) }
        }
        return builder.index()
    }

    static func found(_ index: SearchIndex, _ text: String, among allowed: Set<RecipeID>? = nil) -> [String] {
        let ranking = index.rank(text, among: allowed)
        return ranking.ids(0..<ranking.count).map(\.rawValue)
    }

    let index = Self.index([
        Entry(
            id: "r-1", title: "Lemon Chicken Soup", category: "Soup",
            ingredients: ["chicken thighs", "lemon", "potatoes"]),
        Entry(
            id: "r-2", title: "Chicken Tikka Masala", category: "Curry", tags: "spicy", ingredients: ["chicken breast"]),
        Entry(
            id: "r-3", title: "Crème Brûlée", category: "Dessert", ingredients: ["cream", "eggs"], diets: ["vegetarian"]
        ),
        Entry(
            id: "r-4", title: "Berry Crumble", category: "Dessert", ingredients: ["blackberries", "butter"],
            diets: ["vegetarian"]),
        Entry(
            id: "r-5", title: "Roast Potato Salad", category: "Side", ingredients: ["potato", "chives"],
            diets: ["vegan", "gluten free"]),
        Entry(
            id: "r-6", title: "Chickpea Stew", category: "Vegetarian", ingredients: ["chickpeas", "tomatoes"],
            diets: ["vegan"]),
        Entry(id: "r-7", title: "Fish Pie", category: "Seafood", ingredients: ["haddock", "dishes of cream"]),
    ])

    @Test func everyTypedWordMustBeginAWordOfTheRecipe() {
        #expect(Set(Self.found(index, "chick")) == ["r-1", "r-2", "r-6"])
        #expect(Self.found(index, "chicken soup") == ["r-1"])
        #expect(Self.found(index, "chicken pie").isEmpty)
        // A word is matched from its start only.
        #expect(Self.found(index, "icken").isEmpty)
        #expect(Self.found(index, "zzzz").isEmpty)
    }

    @Test func accentsAndCaseAreIgnored() {
        #expect(Self.found(index, "creme brulee") == ["r-3"])
        #expect(Self.found(index, "CRÈME") == ["r-3"])
    }

    @Test func aPluralFindsItsSingularAndASingularItsPlural() {
        #expect(Set(Self.found(index, "potatoes")) == ["r-1", "r-5"])
        #expect(Set(Self.found(index, "potato")) == ["r-1", "r-5"])
        #expect(Self.found(index, "berries") == ["r-4"])
        #expect(Self.found(index, "tomato") == ["r-6"])
        #expect(Self.found(index, "dish") == ["r-7"])
        // A double s is not a plural.
        #expect(Self.found(index, "chivess").isEmpty)
    }

    @Test func everyFieldIsSearched() {
        #expect(Self.found(index, "haddock") == ["r-7"])
        #expect(Self.found(index, "curry") == ["r-2"])
        #expect(Self.found(index, "spicy") == ["r-2"])
        #expect(Self.found(index, "gluten free") == ["r-5"])
        #expect(Set(Self.found(index, "vegan")) == ["r-5", "r-6"])
    }

    @Test func titlesHoldingEveryWordComeFirstThenTheWeightOfWhereTheWordsWereFound() {
        let ranked = Self.index([
            Entry(id: "w-1", title: "Garden Salad", ingredients: ["lemon"]),
            Entry(id: "w-2", title: "Lemon Tart"),
            Entry(id: "w-3", title: "Summer Drinks", category: "Lemon"),
            Entry(id: "w-4", title: "Lemon Posset", ingredients: ["lemon", "cream"]),
            Entry(id: "w-5", title: "Lemon and Herb Chicken Tray Bake", ingredients: ["lemon"]),
            Entry(id: "w-6", title: "Iced Tea", tags: "lemon"),
            Entry(id: "w-7", title: "Plain Cake", diets: ["lemon"]),
        ])
        // Titles first; among them a title and an ingredient outweigh a title alone; a category outweighs a diet, an
        // ingredient and a tag.
        #expect(Self.found(ranked, "lemon") == ["w-4", "w-5", "w-2", "w-3", "w-7", "w-1", "w-6"])
        // A title holding only some of the words comes after one holding them all, whatever else matched.
        #expect(Self.found(ranked, "lemon cream") == ["w-4"])
        #expect(Self.found(ranked, "lemon tart") == ["w-2"])
        // Equal weights: the shorter title first, then title order.
        #expect(Self.found(index, "chicken") == ["r-2", "r-1"])
        #expect(Self.found(index, "vegetarian") == ["r-6", "r-4", "r-3"])
    }

    @Test func equalMatchesAreListedByTitle() {
        let titles = Self.index([
            Entry(id: "b-2", title: "Apple Pie"), Entry(id: "b-1", title: "apple tart"),
            Entry(id: "b-3", title: "Apple Cake"),
        ])
        #expect(Self.found(titles, "apple") == ["b-3", "b-2", "b-1"])
    }

    /// A page orders only the best it shows: they, and the count of all found, are what a full ranking gives.
    @Test func theBestFewAreTheFirstOfTheWholeRanking() {
        let words = ["lemon", "chicken", "soup", "tart", "cream", "herb", "pie", "garlic"]
        let entries = (0..<600).map { n in
            Entry(
                id: "m-\(n)",
                title: "\(words[n % 8].capitalized) \(words[n * 7 % 8]) \(n % 5 == 0 ? "" : words[n % 3])",
                category: words[n * 3 % 8], tags: n % 4 == 0 ? "lemon" : "",
                ingredients: [words[n * 5 % 8], words[(n + 1) % 8]], diets: n % 6 == 0 ? ["chicken"] : [])
        }
        let index = Self.index(entries)
        let allowed = Set(entries.indices.filter { $0 % 3 != 0 }.map { RecipeID("m-\($0)")! })
        for text in ["lemon", "chick", "soup herb", "le c", "zzz"] {
            for among in [nil, allowed] {
                let whole = index.rank(text, among: among)
                for best in [0, 1, 48, 96, whole.count - 1, whole.count + 5] where best >= 0 {
                    let few = index.rank(text, among: among, best: best)
                    #expect(few.count == whole.count, "\(text) \(best)")
                    #expect(few.ids(0..<best) == whole.ids(0..<best), "\(text) \(best)")
                    #expect(few.ids(best..<(best + 10)).isEmpty, "\(text) \(best): only the best are kept")
                }
                if text != "zzz" { #expect(whole.count > 60, "\(text) finds more than a page") }
            }
        }
    }

    /// The ranking starts from the rarest word and looks for the others in its recipes, by a search for each while
    /// they are few, else by a pass over a word's postings: whichever it takes, it must find what reading every
    /// recipe finds, in the same order.
    @Test func aRareWordAmongCommonOnesFindsWhatReadingEveryRecipeFinds() {
        let common = (0..<400).map { n in
            Entry(
                id: "s-\(n)", title: "Plain \(["Rice", "Salad", "Stew", "Sage Bread"][n % 4])",
                category: n % 50 == 0 ? "Sauces" : "Main", tags: n % 40 == 0 ? "sage" : "",
                ingredients: n % 9 == 0 ? ["rice"] : ["lemons", "salt", "rice"], diets: n % 7 == 0 ? ["vegan"] : [])
        }
        // Where "rice" is found decides their order: a title holding both words first, then an ingredient over a tag.
        let rare = [
            Entry(id: "x-1", title: "Saffron Rice Pilaf with Peas", ingredients: ["rice", "lemon"]),
            Entry(id: "x-2", title: "Saffron Buns", ingredients: ["rice flour", "salt"]),
            Entry(id: "x-3", title: "Saffron Tea", tags: "rice", diets: ["vegan"]),
        ]
        let entries = common + rare
        let index = Self.index(entries)
        let texts = [
            "saffron lemon", "lemon saffron", "lemons saff", "sa le", "le sa rice", "sage lemon", "vegan saffron rice",
            "saffron rice", "salt sauces", "rice", "saffron zzz", "lemon plain stew",
        ]
        for text in texts {
            #expect(Self.found(index, text) == Self.foundByReadingEveryRecipe(entries, text), "\(text)")
        }
        #expect(Self.found(index, "saffron rice") == ["x-1", "x-2", "x-3"])
    }

    /// What `rank` must find, worked out recipe by recipe from the rules of `SearchIndex`.
    static func foundByReadingEveryRecipe(_ entries: [Entry], _ text: String) -> [String] {
        let typed = SearchWords.typed(text)
        let ranked: [(key: (Int, Int, Int, String, String), id: String)] = entries.compactMap { entry in
            let fields: [(words: [String], weight: Int, isTitle: Bool)] = [
                (SearchWords.of(entry.title), 10, true), (SearchWords.of(entry.category), 4, false),
                (entry.diets.flatMap(SearchWords.of), 3, false), (entry.ingredients.flatMap(SearchWords.of), 2, false),
                (SearchWords.of(entry.tags), 1, false),
            ]
            var score = 0
            var titleHoldsAll = true
            for word in typed {
                let forms = SearchWords.forms(of: word)
                let holding = fields.filter { field in
                    field.words.contains { found in forms.contains { found.hasPrefix($0) } }
                }
                guard !holding.isEmpty else { return nil }
                score += holding.reduce(0) { $0 + $1.weight }
                titleHoldsAll = titleHoldsAll && holding.contains { $0.isTitle }
            }
            let key = (
                titleHoldsAll ? 0 : 1, -score, SearchWords.of(entry.title).count, entry.title.lowercased(), entry.id
            )
            return typed.isEmpty ? nil : (key, entry.id)
        }
        return ranked.sorted { $0.key < $1.key }.map(\.id)
    }

    @Test func onlyAllowedRecipesAreKept() {
        let allowed: Set<RecipeID> = [RecipeID("r-2")!, RecipeID("r-6")!]
        #expect(Self.found(index, "chick", among: allowed) == ["r-6", "r-2"])
        #expect(Self.found(index, "soup", among: allowed).isEmpty)
    }

    @Test func nothingToReadAndHostileTextFindNothingAndDoNotFail() {
        #expect(Self.found(index, "").isEmpty)
        #expect(Self.found(index, "!!! *** ---").isEmpty)
        #expect(Self.found(index, "<script>alert(1)</script>").isEmpty)
        #expect(Self.found(index, "../../etc/passwd").isEmpty)
        #expect(Self.found(index, String(repeating: "chicken ", count: 2_000)) == ["r-2", "r-1"])
        #expect(Self.found(Self.index([]), "chicken").isEmpty)
    }

    @Test func aRecipeReadTwiceAndRowsOfUnknownRecipesAreIgnored() {
        var builder = SearchIndexBuilder()
        builder.addRecipe(id: "c-1", title: "Onion Soup", category: "", tags: "")
        builder.addRecipe(id: "c-1", title: "Garlic Bread", category: "", tags: "")
        builder.addRecipe(id: "not an id", title: "Onion Bhaji", category: "", tags: "")
        builder.addIngredient(recipeID: "c-9", name: "onion")
        builder.addIngredient(recipeID: "c-1", name: "onion")
        let index = builder.index()
        #expect(index.ids.map(\.rawValue) == ["c-1"])
        #expect(Self.found(index, "onion") == ["c-1"])
        #expect(Self.found(index, "garlic").isEmpty)
    }

    @Test func pluralFormsAreWhatATypedWordCouldBeTheSingularOf() {
        #expect(SearchWords.forms(of: "eggs") == ["eggs", "egg"])
        #expect(SearchWords.forms(of: "berries") == ["berries", "berrie", "berry"])
        #expect(SearchWords.forms(of: "dishes") == ["dishes", "dishe", "dish"])
        #expect(SearchWords.forms(of: "bass") == ["bass"])
        #expect(SearchWords.forms(of: "ps") == ["ps"])
        #expect(SearchWords.forms(of: "soup") == ["soup"])
    }

    @Test func wordsAreFoldedTheSameWithOrWithoutAccents() {
        #expect(SearchWords.of("Crème Brûlée, 2 ways!") == ["creme", "brulee", "2", "ways"])
        #expect(SearchWords.of("Shepherd's PIE") == ["shepherd", "s", "pie"])
        #expect(SearchWords.of("") == [])
        #expect(SearchWords.of("Jalapeño poppers") == ["jalapeno", "poppers"])
    }
}
