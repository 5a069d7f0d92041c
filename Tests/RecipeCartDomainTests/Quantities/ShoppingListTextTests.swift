import RecipeCartDomain
import Testing

@Suite struct ShoppingListTextTests {
    private func groups(_ ingredients: [(String, String)], have: [String: Bool] = [:]) -> [ShoppingListGroup] {
        ShoppingList(entries: [
            ShoppingList.Entry(
                recipeTitle: "A", ingredients: ingredients.map { Ingredient(name: $0.0, measure: $0.1) }, factor: 1)
        ]).groups(walkingOrder: Aisle.defaultOrder, have: have)
    }

    @Test func readsAsAMessage() {
        let groups = groups([
            ("potatoes", "1.2 kg"), ("onion", "3"), ("garlic", "2–3 cloves"), ("butter", "240 g"), ("butter", "¾ cup"),
            ("parmesan", "40 g"), ("parmesan", "½ cup"), ("salt", "5 tsp"), ("salt", "to taste"), ("salt", "a pinch"),
            ("olive oil", "for frying"),
        ])
        let text = ShoppingListText.render(
            recipes: [
                (title: "Shepherd's Pie", count: 2, servings: 4), (title: "Lemon Drizzle", count: 1, servings: 8),
            ], groups: groups)
        #expect(
            text == """
                Shopping list

                Recipes
                - 2 × Shepherd's Pie (4 servings each)
                - 1 × Lemon Drizzle (8 servings)

                Produce
                - 2–3 cloves garlic
                - 3 onions
                - 1.2 kg potatoes

                Dairy and eggs
                - 410 g butter
                - 40 g + ½ cup parmesan

                Already have
                - olive oil (for frying)
                - 5 tsp salt (to taste, a pinch)

                """)
    }

    @Test func anEmptyListSaysSo() {
        #expect(ShoppingListText.render(recipes: [], groups: []) == "Shopping list\n\nNothing to buy.\n")
        #expect(
            ShoppingListText.render(recipes: [(title: "Toast", count: 1, servings: 1)], groups: []) == """
                Shopping list

                Recipes
                - 1 × Toast (1 serving)

                Nothing to buy.

                """)
    }

    @Test func recipeLinesStayOnOneLineAndSkipWhatIsUnknown() {
        let text = ShoppingListText.render(
            recipes: [
                (title: "Two\nLines\t Title", count: 3, servings: 0), (title: "Gone", count: 0, servings: 4),
                (title: "Solo", count: 2, servings: 1),
            ],
            groups: [])
        #expect(
            text == """
                Shopping list

                Recipes
                - 3 × Two Lines Title
                - 2 × Solo (1 serving each)

                Nothing to buy.

                """)
    }

    @Test func textIsNotEscaped() {
        let text = ShoppingListText.render(
            recipes: [(title: "<b>Bold</b> & Co", count: 1, servings: 2)],
            groups: groups([("<script>alert(1)</script>", "1 jar")]))
        #expect(text.contains("- 1 × <b>Bold</b> & Co (2 servings)\n"))
        #expect(text.contains("Other\n- 1 jar <script>alert(1)</script>\n"))
    }
}
