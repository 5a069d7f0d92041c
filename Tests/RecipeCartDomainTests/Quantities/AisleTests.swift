import RecipeCartDomain
import Testing

@Suite struct AisleTests {
    @Test func rawValuesAreTheMarkupHooksAndTitlesReadWell() {
        #expect(
            Aisle.defaultOrder.map(\.rawValue) == [
                "produce", "meat-fish", "dairy-eggs", "bakery", "pantry", "spices", "frozen", "other",
            ])
        #expect(
            Aisle.defaultOrder.map(\.title) == [
                "Produce", "Meat and fish", "Dairy and eggs", "Bakery", "Pantry", "Spices and condiments", "Frozen",
                "Other",
            ])
        #expect(Set(Aisle.defaultOrder) == Set(Aisle.allCases))
    }

    @Test func aStoredWalkingOrderIsCompletedAndCleaned() {
        #expect(
            Aisle.walkingOrder(from: ["frozen", "produce", "bogus", "produce", " Dairy-Eggs ", "", "have"]) == [
                .frozen, .produce, .dairyEggs, .meatFish, .bakery, .pantry, .spices, .other,
            ])
        #expect(Aisle.walkingOrder(from: []) == Aisle.defaultOrder)
        #expect(
            Aisle.walkingOrder(from: Aisle.defaultOrder.reversed().map(\.rawValue)) == Aisle.defaultOrder.reversed())
        #expect(Aisle.walkingOrder(from: ["<script>", String(repeating: "x", count: 10_000)]) == Aisle.defaultOrder)
    }

    @Test func spoonacularAislesMap() {
        let expected: [(String, Aisle)] = [
            ("Produce", .produce), ("Meat", .meatFish), ("Seafood", .meatFish), ("Milk, Eggs, Other Dairy", .dairyEggs),
            ("Cheese", .dairyEggs), ("Refrigerated", .dairyEggs), ("Baking", .pantry),
            ("Spices and Seasonings", .spices),
            ("Frozen", .frozen), ("Bakery/Bread", .bakery), ("Bread", .bakery), ("Pasta and Rice", .pantry),
            ("Canned and Jarred", .pantry), ("Condiments", .spices), ("Oil, Vinegar, Salad Dressing", .pantry),
            ("Nuts", .pantry), ("Ethnic Foods", .pantry), ("Cereal", .pantry), ("Beverages", .pantry),
            ("Dried Fruits", .pantry), ("Savory Snacks", .pantry), ("Sweet Snacks", .pantry), ("Health Foods", .pantry),
            ("Alcoholic Beverages", .pantry), ("Tea and Coffee", .pantry), ("Gourmet", .pantry),
            ("Nut butters, Jams, and Honey", .pantry), ("Gluten Free", .pantry),
        ]
        for (name, aisle) in expected {
            #expect(Aisle(spoonacularAisle: name) == aisle, "\(name)")
        }
    }

    @Test func severalSpoonacularAislesTakeTheFirstThatMaps() {
        #expect(Aisle(spoonacularAisle: "Canned and Jarred;Seafood") == .pantry)
        #expect(Aisle(spoonacularAisle: "Not in Grocery Store/Homemade;Produce") == .produce)
        #expect(Aisle(spoonacularAisle: " seafood ; Meat") == .meatFish)
        #expect(Aisle(spoonacularAisle: "PRODUCE") == .produce)
    }

    @Test func unknownSpoonacularAislesGiveNothing() {
        for name in [
            "", ";", "?", "Not in Grocery Store/Homemade", "Online", "Grilling Supplies", "<script>", "produce-ish",
        ] {
            #expect(Aisle(spoonacularAisle: name) == nil, "\(name)")
        }
    }
}
