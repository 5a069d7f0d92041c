import RecipeCartDomain
import Testing

/// The product issue: a combined list one can shop from.
@Suite struct ShoppingListAmountTests {
    private func list(_ recipes: [(title: String, factor: Double, ingredients: [(String, String)])]) -> ShoppingList {
        ShoppingList(
            entries: recipes.map { recipe in
                ShoppingList.Entry(
                    recipeTitle: recipe.title,
                    ingredients: recipe.ingredients.map { Ingredient(name: $0.0, measure: $0.1) },
                    factor: recipe.factor)
            })
    }

    private func item(_ name: String, in list: ShoppingList) -> ShoppingList.Item? {
        list.items.first { $0.key == IngredientName(name).key }
    }

    /// "1 kg, 4 tomato", "240 g, ¾ cup butter", "to taste, 5 tsp, a pinch salt", "34–36 cloves garlic", "2 onion".
    @Test func theIssuesCartReadsAsSomethingToShopFrom() {
        let list = list([
            (
                "Shakshuka", 1,
                [
                    ("tomato", "1 kg"), ("butter", "240 g"), ("salt", "to taste"), ("garlic", "30 cloves"),
                    ("onion", "1"),
                ]
            ),
            ("Tomato Salad", 1, [("Tomatoes", "4"), ("salt", "2 tsp"), ("garlic", "4–6 cloves")]),
            ("Shortbread", 1, [("butter", "¾ cup"), ("salt", "3 tsp")]),
            ("Soup", 1, [("salt", "a pinch"), ("onion", "1")]),
        ])
        #expect(item("tomato", in: list)?.amount == "1 kg + 4")
        #expect(item("tomato", in: list)?.name == "tomatoes")
        // 240 g + ¾ cup × 0.955 g/ml = 240 g + 169.5 g.
        #expect(item("butter", in: list)?.amounts == ["410 g"])
        #expect(item("salt", in: list)?.amounts == ["5 tsp"])
        #expect(item("salt", in: list)?.notes == ["to taste", "a pinch"])
        #expect(item("garlic", in: list)?.amounts == ["34–36 cloves"])
        #expect(item("garlic", in: list)?.name == "garlic")
        #expect(item("onion", in: list)?.amounts == ["2"])
        #expect(item("onion", in: list)?.name == "onions")
    }

    @Test func massAndVolumeMeetThroughDensityInTheDimensionItIsSoldBy() {
        let list = list([
            (
                "A", 1,
                [
                    ("plain flour", "1 cup"), ("milk", "1 cup"), ("honey", "2 tbsp"), ("olive oil", "100 g"),
                    ("rolled oats", "2 cups"),
                ]
            ),
            (
                "B", 1,
                [
                    ("plain flour", "200 g"), ("milk", "100 g"), ("honey", "100 g"), ("olive oil", "2 tbsp"),
                    ("rolled oats", "100 g"),
                ]
            ),
        ])
        // 120 g a cup.
        #expect(item("plain flour", in: list)?.amounts == ["320 g"])
        // Milk is sold by volume: 236.6 ml + 100 g ÷ 1.031 g/ml.
        #expect(item("milk", in: list)?.amounts == ["335 ml"])
        // Honey is sold by weight: 29.6 ml × 1.433 g/ml + 100 g.
        #expect(item("honey", in: list)?.amounts == ["140 g"])
        // Oil is sold by volume: 100 g ÷ 0.913 g/ml + 29.6 ml.
        #expect(item("olive oil", in: list)?.amounts == ["140 ml"])
        #expect(item("rolled oats", in: list)?.amounts == ["260 g"])
    }

    @Test func aJoinedAmountTakesThePlaceOfTheFirstAndKeepsItsSystem() {
        let list = list([
            ("A", 1, [("butter", "2 tbsp"), ("sugar", "1 cup")]),
            ("B", 1, [("butter", "1 knob"), ("sugar", "8 oz")]),
            ("C", 1, [("butter", "100 g")]),
        ])
        #expect(item("butter", in: list)?.amounts == ["130 g", "1 knob"])
        // US units alone stay US: 1 cup (198 g) + 8 oz (226.8 g) is 0.94 lb.
        #expect(item("sugar", in: list)?.amounts == ["0.9 lb"])
    }

    @Test func spoonsOfFreshGingerHerbsSeedsAndPastesJoinTheirGrams() {
        let list = list([
            (
                "A", 1,
                [
                    ("grated ginger", "1 tbsp"), ("chia seeds", "2 tbsp"), ("Dijon mustard", "1 tsp"),
                    ("sweetcorn", "1 cup"), ("parsley", "1 cup"),
                ]
            ),
            (
                "B", 1,
                [
                    ("grated ginger", "10 g"), ("chia seeds", "20 g"), ("Dijon mustard", "20 g"),
                    ("sweetcorn", "136 g"), ("parsley", "40 g"),
                ]
            ),
        ])
        // 6 g a tablespoon of fresh ginger, 12 g of chia seeds, 5 g a teaspoon of mustard, 164 g a cup of drained
        // sweetcorn, 60 g a cup of chopped parsley.
        #expect(item("grated ginger", in: list)?.amounts == ["16 g"])
        #expect(item("chia seeds", in: list)?.amounts == ["44 g"])
        #expect(item("Dijon mustard", in: list)?.amounts == ["25 g"])
        #expect(item("sweetcorn", in: list)?.amounts == ["300 g"])
        #expect(item("parsley", in: list)?.amounts == ["100 g"])
    }

    /// Between 0.05 g/ml (chopped fresh herbs) and 1.5 g/ml (honey); each name in one row only, and found.
    @Test func everyDensityIsSaneAndEachNameListedOnce() {
        var seen: Set<[String]> = []
        for row in IngredientDensity.rows {
            #expect((0.05...1.5).contains(row.density.gramsPerMillilitre), "\(row.names)")
            for name in row.names {
                #expect(seen.insert(PhraseTable<Int>.words(name)).inserted, "\(name) listed twice")
                #expect(IngredientDensity.of(name) == row.density, "\(name)")
            }
        }
        #expect(seen.count > 100)
    }

    @Test func withoutADensityMassAndVolumeShareALine() {
        let list = list([
            ("A", 1, [("parmesan", "40 g"), ("peanut butter", "100 g"), ("flour tortilla", "1 cup")]),
            ("B", 1, [("parmesan", "½ cup"), ("peanut butter", "2 tbsp"), ("flour tortilla", "50 g")]),
        ])
        #expect(item("parmesan", in: list)?.amount == "40 g + ½ cup")
        // A density is looked up by the whole name: not butter's for peanut butter, nor flour's for tortillas.
        #expect(item("peanut butter", in: list)?.amount == "100 g + 2 tbsp")
        #expect(item("flour tortilla", in: list)?.amount == "1 cup + 50 g")
    }

    @Test func wordsBecomeNotesOnceEach() {
        let words = [
            "to taste", "a pinch", "pinch", "dash", "as needed", "for frying", "to serve", "garnish", "", "  ",
            "To Taste", "A  pinch", "a few leaves",
        ]
        let list = list([("A", 1, words.map { ("salt", $0) } + [("salt", "1 tsp")])])
        #expect(item("salt", in: list)?.amounts == ["1 tsp"])
        #expect(
            item("salt", in: list)?.notes == [
                "to taste", "a pinch", "pinch", "dash", "as needed", "for frying", "to serve", "garnish",
                "a few leaves",
            ])
    }

    @Test func notesAreNeverScaled() {
        let list = list([("A", 12, [("nutmeg", "a pinch")])])
        #expect(item("nutmeg", in: list)?.amounts == [])
        #expect(item("nutmeg", in: list)?.notes == ["a pinch"])
        #expect(item("nutmeg", in: list)?.amount == "")
    }

    @Test func aNameBesideACountOfItselfAgreesWithTheNumber() {
        let cases: [(name: String, measure: String, shown: String)] = [
            ("onion", "2", "onions"), ("Tomatoes", "1", "Tomato"), ("onion", "½", "onion"), ("onion", "1–2", "onions"),
            ("red onion", "2", "red onions"), ("chilli", "3", "chillies"), ("cherry", "2", "cherries"),
            ("peach", "2", "peaches"), ("bay leaf", "2", "bay leaves"), ("potato", "3", "potatoes"),
            ("ONION", "2", "ONIONS"),
            ("onion, sliced", "2", "onions, sliced"), ("onion", "2 large", "onions"), ("egg", "1 small", "egg"),
            ("turkey", "2", "turkeys"), ("avocado", "2", "avocados"), ("Éclair", "2", "Éclairs"),
        ]
        for (name, measure, shown) in cases {
            #expect(list([("A", 1, [(name, measure)])]).items.first?.name == shown, "\(measure) \(name)")
        }
    }

    @Test func namesWithoutAPluralAndOtherAmountsKeepTheNameAsWritten() {
        let cases: [(name: String, measure: String)] = [
            ("garlic", "2"), ("rice", "2"), ("black pepper", "2"), ("spinach", "3"), ("hummus", "2"),
            ("asparagus", "2"),
            ("garlic", "3 cloves"), ("potato", "1 kg"), ("potatoes", "1 kg"), ("onion", "2 cans"), ("salt", "to taste"),
        ]
        for (name, measure) in cases {
            #expect(list([("A", 1, [(name, measure)])]).items.first?.name == name, "\(measure) \(name)")
        }
        #expect(list([("A", 1, [("red pepper", "2")])]).items.first?.name == "red peppers")
        #expect(list([("A", 1, [("garlic clove", "2")])]).items.first?.name == "garlic cloves")
    }

    @Test func chilliesAndChilliMeet() {
        let list = list([("A", 1, [("green chillies", "2")]), ("B", 1, [("green chilli", "1")])])
        #expect(list.items.map(\.key) == ["green chilli"])
        #expect(list.items.first?.name == "green chillies")
        #expect(list.items.first?.amounts == ["3"])
    }

    @Test func rangesStayRanges() {
        let list = list([
            ("A", 1, [("garlic", "2–3 cloves"), ("lime", "1-2")]),
            ("B", 1, [("garlic", "1 clove"), ("lime", "1")]),
        ])
        #expect(item("garlic", in: list)?.amounts == ["3–4 cloves"])
        #expect(item("lime", in: list)?.amounts == ["2–3"])
        #expect(item("lime", in: list)?.name == "limes")
    }

    @Test func eachItemCarriesItsKeyAisleAndWhetherItIsAStaple() {
        let list = list([
            (
                "A", 1,
                [
                    ("Tomato Purée", "1 tbsp"), ("Olive Oil", "2 tbsp"), ("chicken breasts", "2"),
                    ("dragon fruit jam", "1 jar"),
                ]
            )
        ])
        #expect(list.items.map(\.key) == ["chicken breast", "dragon fruit jam", "olive oil", "tomato puree"])
        #expect(list.items.map(\.aisle) == [.meatFish, .pantry, .pantry, .pantry])
        #expect(list.items.map(\.isStaple) == [false, false, true, false])
    }

    @Test func anAisleFromTheAPIWinsOverTheTable() {
        func entry(_ title: String, _ ingredients: [(String, String)], aisles: [String: Aisle]) -> ShoppingList.Entry {
            ShoppingList.Entry(
                recipeTitle: title, ingredients: ingredients.map { Ingredient(name: $0.0, measure: $0.1) }, factor: 1,
                aisles: aisles)
        }
        let ingredients = [("Gochugaru", "1 tbsp"), ("sweetcorn", "200 g")]
        let hinted = ShoppingList(entries: [
            entry("A", ingredients, aisles: ["gochugaru ": .spices, "Sweetcorn": .frozen]),
            entry("B", [("sweetcorn", "100 g")], aisles: ["sweetcorn": .produce]),
        ])
        #expect(hinted.items.map(\.aisle) == [.spices, .frozen])
        #expect(ShoppingList(entries: [entry("A", ingredients, aisles: [:])]).items.map(\.aisle) == [.other, .pantry])
    }

    @Test func hostileNamesPassThroughAsData() {
        let script = "<script>alert('x')</script>"
        let list = list([
            (
                "A", 1_000_000,
                [
                    (script, "1000000 kg"), ("", "2"), ("   ", "to taste"), ("🍅", "2"),
                    ("salt", "999999999999999999999 g"),
                ]
            ),
            ("B", 1_000_000, [(script, "1000000 kg"), ("tomato", "1000000")]),
        ])
        #expect(item(script, in: list)?.name == script)
        #expect(item(script, in: list)?.amounts == ["2000000000000 kg"])
        #expect(item(script, in: list)?.aisle == .other)
        #expect(item("🍅", in: list)?.amounts == ["2000000"])
        #expect(item("salt", in: list)?.notes == ["999999999999999999999 g"])
        #expect(item("tomato", in: list)?.amounts == ["1000000000000"])
        #expect(!list.items.contains { $0.key.isEmpty })
    }
}
