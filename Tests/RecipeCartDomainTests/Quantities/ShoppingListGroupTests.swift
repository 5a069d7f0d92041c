import RecipeCartDomain
import Testing

@Suite struct ShoppingListGroupTests {
    private let list = ShoppingList(entries: [
        ShoppingList.Entry(
            recipeTitle: "Curry",
            ingredients: [
                ("onion", "2"), ("Salt", "to taste"), ("chicken thighs", "500 g"), ("frozen peas", "200 g"),
                ("Coriander", "1 bunch"), ("olive oil", "2 tbsp"), ("basmati rice", "300 g"), ("black pepper", "1 tsp"),
                ("naan", "4"), ("double cream", "100 ml"), ("water", "500 ml"), ("Ávocado", "1"),
            ].map { Ingredient(name: $0.0, measure: $0.1) },
            factor: 1)
    ])

    private func summary(_ groups: [ShoppingListGroup]) -> [String] {
        groups.map { group in "\(group.id): " + group.items.map(\.name).joined(separator: ", ") }
    }

    @Test func groupsFollowTheWalkingOrderWithStaplesAlreadyHad() {
        #expect(
            summary(list.groups(walkingOrder: Aisle.defaultOrder, have: [:])) == [
                "produce: Ávocado, Coriander, onions",
                "meat-fish: chicken thighs",
                "dairy-eggs: double cream",
                "bakery: naans",
                "pantry: basmati rice",
                "frozen: frozen peas",
                "have: black pepper, olive oil, Salt, water",
            ])
    }

    @Test func theShopsOrderLeadsAndMissingAislesFollowInDefaultOrder() {
        let groups = list.groups(walkingOrder: [.frozen, .bakery], have: [:])
        #expect(groups.map(\.id) == ["frozen", "bakery", "produce", "meat-fish", "dairy-eggs", "pantry", "have"])
        #expect(
            groups.map(\.title) == [
                "Frozen", "Bakery", "Produce", "Meat and fish", "Dairy and eggs", "Pantry", "Already have",
            ])
    }

    @Test func theShoppersWordMovesRowsEitherWay() {
        let groups = list.groups(
            walkingOrder: Aisle.defaultOrder, have: ["salt": false, "onion": true, "naan": true, "unknown": true])
        #expect(
            summary(groups) == [
                "produce: Ávocado, Coriander",
                "meat-fish: chicken thighs",
                "dairy-eggs: double cream",
                "pantry: basmati rice",
                "spices: Salt",
                "frozen: frozen peas",
                "have: black pepper, naans, olive oil, onions, water",
            ])
        #expect(groups.first { $0.id == "spices" }?.items.first?.isHad(["salt": false]) == false)
    }

    @Test func haveIsLeftOutWhenNothingIsHad() {
        let had = ["salt", "black pepper", "olive oil", "water"].reduce(into: [String: Bool]()) { $0[$1] = false }
        #expect(!list.groups(walkingOrder: Aisle.defaultOrder, have: had).contains { $0.id == "have" })
        #expect(ShoppingList(entries: []).groups(walkingOrder: Aisle.defaultOrder, have: [:]).isEmpty)
    }

    @Test func theStaffPickListLeavesHadRowsOut() {
        let pickList = list.pickList(walkingOrder: [.pantry], have: ["naan": true])
        #expect(
            summary(pickList) == [
                "pantry: basmati rice",
                "produce: Ávocado, Coriander, onions",
                "meat-fish: chicken thighs",
                "dairy-eggs: double cream",
                "frozen: frozen peas",
            ])
    }

    @Test func theBoardsPickListLeavesOutOnlyWhatEachShopperHas() {
        func entry(_ title: String, _ ingredients: [(String, String)]) -> ShoppingList.Entry {
            ShoppingList.Entry(
                recipeTitle: title, ingredients: ingredients.map { Ingredient(name: $0.0, measure: $0.1) }, factor: 1)
        }
        let pickList = ShoppingList.pickList(
            carts: [
                (
                    entries: [entry("Soup", [("onion", "2"), ("salt", "1 tsp"), ("butter", "50 g")])],
                    have: ["onion": true]
                ),
                (
                    entries: [entry("Stew", [("Onions", "1"), ("Salt", "2 tsp"), ("water", "1 l")])],
                    have: ["salt": false]
                ),
                (entries: [entry("Toast", [("butter", "20 g"), ("bread", "2 slices")])], have: ["butter": true]),
            ],
            walkingOrder: [.spices])
        #expect(summary(pickList) == ["spices: Salt", "produce: Onion", "dairy-eggs: butter", "bakery: bread"])
        #expect(pickList.flatMap(\.items).map(\.amount) == ["2 tsp", "1", "50 g", "2 slices"])
        #expect(pickList.flatMap(\.items).map(\.recipes) == [["Stew"], ["Stew"], ["Soup"], ["Toast"]])
        #expect(ShoppingList.pickList(carts: [], walkingOrder: Aisle.defaultOrder).isEmpty)
    }
}
