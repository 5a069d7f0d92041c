import RecipeCartDomain
import Testing

@Suite struct ShoppingListTests {
    /// One entry per recipe, each ingredient written `name: measure`.
    private func list(_ recipes: [(title: String, factor: Double, ingredients: [(String, String)])]) -> ShoppingList {
        ShoppingList(
            entries: recipes.map { recipe in
                ShoppingList.Entry(
                    recipeTitle: recipe.title,
                    ingredients: recipe.ingredients.map { Ingredient(name: $0.0, measure: $0.1) },
                    factor: recipe.factor
                )
            })
    }

    /// By key, since a name beside a count now agrees with it (`onion` → `onions`).
    private func item(_ name: String, in list: ShoppingList) -> ShoppingList.Item? {
        list.items.first { $0.key == IngredientName(name).key }
    }

    @Test func gramsAndKilogramsFromTwoRecipesSum() {
        let list = list([
            ("Shepherd's Pie", 1, [("potato", "800 g")]),
            ("Roast Potatoes", 1, [("potatoes", "1.5 kg")]),
        ])
        #expect(
            list.items == [
                ShoppingList.Item(
                    key: "potato", name: "potato", amounts: ["2.3 kg"], notes: [],
                    recipes: ["Shepherd's Pie", "Roast Potatoes"],
                    aisle: .produce, isStaple: false)
            ])
    }

    @Test func sumsPrintInTheUnitThatReadsBest() {
        let list = list([
            ("A", 1, [("flour", "750 g"), ("salt", "3 tsp"), ("milk", "3 cups"), ("oil", "1 tsp")]),
            ("B", 1, [("flour", "750g"), ("salt", "3 tsp"), ("milk", "2 tbsp"), ("oil", "1 Tbsp")]),
        ])
        #expect(item("flour", in: list)?.amounts == ["1.5 kg"])
        #expect(item("salt", in: list)?.amounts == ["2 tbsp"])
        #expect(item("milk", in: list)?.amounts == ["3 ⅛ cups"])
        #expect(item("oil", in: list)?.amounts == ["4 tsp"])
    }

    @Test func everyCompatibleFamilySums() {
        let list = list([
            (
                "A", 1,
                [
                    ("stock", "500 ml"), ("cheddar", "8 oz"), ("cream", "4 fl oz"), ("wine", "100 ml"),
                    ("butter", "200 g"),
                ]
            ),
            (
                "B", 1,
                [("stock", "1.2 l"), ("cheddar", "1 lb"), ("cream", "½ cup"), ("wine", "2 tbsp"), ("butter", "4 oz")]
            ),
        ])
        #expect(item("stock", in: list)?.amounts == ["1.7 l"])
        #expect(item("cheddar", in: list)?.amounts == ["1 ½ lb"])
        #expect(item("cream", in: list)?.amounts == ["1 cup"])
        // Metric and US together print metric: 100 ml + 29.6 ml, 200 g + 113.4 g.
        #expect(item("wine", in: list)?.amounts == ["130 ml"])
        #expect(item("butter", in: list)?.amounts == ["315 g"])
    }

    @Test func incompatibleAmountsAreListedSideBySide() {
        let list = list([
            (
                "Carrot Cake", 1,
                [
                    ("carrot", "200 g"), ("salt", "a pinch"), ("butter", "100 g"), ("onion", "1 large"),
                    ("basil", "10 g"),
                ]
            ),
            (
                "Soup", 1,
                [("carrot", "2"), ("salt", "1 tsp"), ("butter", "2 tbsp"), ("onion", "2"), ("basil", "2 tbsp")]
            ),
        ])
        #expect(item("carrot", in: list)?.amounts == ["200 g", "2"])
        #expect(item("carrot", in: list)?.amount == "200 g + 2")
        #expect(item("carrot", in: list)?.name == "carrots")
        // Words are notes now, not amounts.
        #expect(item("salt", in: list)?.amounts == ["1 tsp"])
        #expect(item("salt", in: list)?.notes == ["a pinch"])
        // Butter's density joins them: 100 g + 2 tbsp (29.6 ml × 0.955 g/ml = 28.3 g).
        #expect(item("butter", in: list)?.amounts == ["130 g"])
        // Basil has no density, so mass and volume stay side by side.
        #expect(item("basil", in: list)?.amounts == ["10 g", "2 tbsp"])
        #expect(item("basil", in: list)?.amount == "10 g + 2 tbsp")
        #expect(item("onion", in: list)?.amounts == ["1 large", "2"])
        #expect(item("onion", in: list)?.name == "onions")
    }

    @Test func wordsAreListedOnceAndNeverSummed() {
        let list = list([
            ("A", 2, [("black pepper", "to taste"), ("nutmeg", "a pinch")]),
            ("B", 3, [("black pepper", "to taste"), ("nutmeg", "A pinch"), ("black pepper", "1 tsp")]),
            ("C", 1, [("black pepper", "to  taste")]),
        ])
        #expect(item("black pepper", in: list)?.amounts == ["1 tbsp"])
        #expect(item("black pepper", in: list)?.notes == ["to taste"])
        #expect(item("nutmeg", in: list)?.amounts == [])
        #expect(item("nutmeg", in: list)?.notes == ["a pinch"])
    }

    @Test func pluralAndSingularNamesMerge() {
        let list = list([
            (
                "A", 1,
                [
                    ("Tomatoes", "2"), ("eggs", "3"), ("cherries", "100 g"), ("bay leaves", "2"),
                    ("tomato purée", "1 tbsp"),
                ]
            ),
            (
                "B", 1,
                [("tomato", "1"), (" Egg ", "1"), ("Cherry", "50 g"), ("bay leaf", "1"), ("Tomato Puree", "1 tbsp")]
            ),
        ])
        #expect(list.items.map(\.name) == ["bay leaves", "cherries", "eggs", "Tomatoes", "tomato purée"])
        #expect(list.items.map(\.amounts) == [["3"], ["150 g"], ["4"], ["3"], ["2 tbsp"]])
        #expect(list.items.allSatisfy { $0.recipes == ["A", "B"] })
    }

    @Test func namesThatOnlyEndInSStayApart() {
        let list = list([
            ("A", 1, [("hummus", "100 g"), ("asparagus", "1 bunch"), ("swiss chard", "200 g"), ("peas", "100 g")])
        ])
        #expect(list.items.map(\.name) == ["asparagus", "hummus", "peas", "swiss chard"])
        #expect(IngredientName("hummus").key == "hummus")
        #expect(IngredientName("Peas").key == "pea")
        #expect(IngredientName("  Crème   Fraîche ").key == "creme fraiche")
        #expect(IngredientName("  Crème   Fraîche ").display == "Crème Fraîche")
        #expect(IngredientName("glasses").key == "glass")
        #expect(IngredientName("peaches").key == "peach")
    }

    @Test func recipesAreListedOnceInEntryOrder() {
        let list = list([
            ("Soup", 1, [("onion", "1")]),
            ("Curry", 1, [("onion", "2")]),
            ("Soup", 1, [("onion", "1")]),
            ("Stew", 1, [("garlic", "1 clove")]),
        ])
        #expect(item("onion", in: list)?.recipes == ["Soup", "Curry"])
        #expect(item("onion", in: list)?.amounts == ["4"])
        #expect(item("onion", in: list)?.name == "onions")
        #expect(item("garlic", in: list)?.recipes == ["Stew"])
    }

    @Test func theFactorScalesEachRecipe() {
        let list = list([
            ("Two Pastas for Six", 2 * 6.0 / 4, [("garlic", "2 cloves"), ("penne", "400 g"), ("olive oil", "2 tbsp")]),
            ("One Curry for Two", 2.0 / 4, [("garlic", "2–3 cloves"), ("coconut milk", "1 can (400 ml)")]),
        ])
        #expect(item("garlic", in: list)?.amounts == ["7–7 ½ cloves"])
        #expect(item("penne", in: list)?.amounts == ["1.2 kg"])
        #expect(item("olive oil", in: list)?.amounts == ["6 tbsp"])
        #expect(item("coconut milk", in: list)?.amounts == ["½ can (400 ml)"])
    }

    @Test func countsSumWhenTheyCountTheSameThing() {
        let list = list([
            (
                "A", 1,
                [
                    ("garlic", "1 clove"), ("chickpeas", "1 can (400 g)"), ("coconut milk", "1 can (400 ml)"),
                    ("thyme", "3 sprigs"),
                ]
            ),
            (
                "B", 1,
                [
                    ("garlic", "2 Cloves"), ("chickpeas", "2 cans (400 g each)"), ("coconut milk", "1 can (160 ml)"),
                    ("thyme", "1 sprig"),
                ]
            ),
            ("C", 1, [("garlic", "1 head")]),
        ])
        #expect(item("garlic", in: list)?.amounts == ["3 cloves", "1 head"])
        #expect(item("chickpeas", in: list)?.amounts == ["3 cans (400 g each)"])
        #expect(item("coconut milk", in: list)?.amounts == ["1 can (400 ml)", "1 can (160 ml)"])
        #expect(item("thyme", in: list)?.amounts == ["4 sprigs"])
    }

    @Test func itemsAreSortedByNameIgnoringCaseAndAccents() {
        let list = list([("A", 1, [("Zucchini", "1"), ("éclair", "2"), ("apple", "1"), ("Banana", "2"), ("egg", "1")])])
        #expect(list.items.map(\.key) == ["apple", "banana", "eclair", "egg", "zucchini"])
        // Names beside a bare count agree with it.
        #expect(list.items.map(\.name) == ["apple", "Bananas", "éclairs", "egg", "Zucchini"])
    }

    @Test func emptyAndPointlessEntriesAddNothing() {
        #expect(ShoppingList(entries: []).items.isEmpty)
        let list = list([
            ("Zero", 0, [("flour", "100 g")]),
            ("Negative", -1, [("flour", "100 g")]),
            ("Broken", .nan, [("flour", "100 g")]),
            ("Real", 1, [("flour", "100 g"), ("  ", "1 kg"), ("water", ""), ("salt", "  ")]),
        ])
        #expect(
            list.items == [
                ShoppingList.Item(
                    key: "flour", name: "flour", amounts: ["100 g"], notes: [], recipes: ["Real"], aisle: .pantry,
                    isStaple: false),
                ShoppingList.Item(
                    key: "salt", name: "salt", amounts: [], notes: [], recipes: ["Real"], aisle: .spices, isStaple: true
                ),
                ShoppingList.Item(
                    key: "water", name: "water", amounts: [], notes: [], recipes: ["Real"], aisle: .pantry,
                    isStaple: true),
            ])
    }

    @Test func hostileInputNeverCrashes() {
        let ingredients = MeasureRobustnessTests.hostile.enumerated().map { index, measure in
            Ingredient(name: index.isMultiple(of: 2) ? "salt" : measure, measure: measure)
        }
        let list = ShoppingList(entries: [
            .init(recipeTitle: "🍅", ingredients: ingredients, factor: 1),
            .init(recipeTitle: "", ingredients: ingredients, factor: 1_000_000),
            .init(recipeTitle: "tiny", ingredients: ingredients, factor: 1e-12),
        ])
        #expect(!list.items.isEmpty)
        #expect(list.items.allSatisfy { !$0.recipes.isEmpty })
    }
}
