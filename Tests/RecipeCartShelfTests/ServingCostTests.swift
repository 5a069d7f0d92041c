import RecipeCartDomain
import RecipeCartShelf
import Testing

@Suite struct ServingCostTests {
    typealias F = ShelfFixtures

    static let cake = [
        Ingredient(name: "plain flour", measure: "200 g"), Ingredient(name: "egg", measure: "3"),
        Ingredient(name: "olive oil", measure: "150 ml"), Ingredient(name: "lemon", measure: "2"),
        Ingredient(name: "salt", measure: "a pinch"),
    ]

    static let shelf: [String: [PackOffer]] = [
        "plain flour": [F.offer("FLOUR", "Plain flour", 1000, .gram, 99)],
        "egg": [F.offer("EGG-6", "Eggs", 6, .piece, 180)],
        "olive oil": [F.offer("OIL", "Olive oil", 500, .millilitre, 450)],
        "lemon": [F.offer("LEMON-KG", "Lemons", 1000, .gram, 300, weighed: true)],
    ]

    @Test func theAmountUsedIsCostedAndSharedBetweenServings() {
        let cost = ServingCost(ingredients: Self.cake, servings: 8, offers: Self.shelf)
        // Flour 200 g of 1 kg at 0.99: 19.8 → 20. Eggs 3 of 6 at 1.80: 90. Oil 150 of 500 ml at 4.50: 135.
        // Lemons 2 × 108 g at 3.00 a kg: 64.8 → 65. Salt, a pinch: nothing.
        #expect(cost.rows.map(\.costMinor) == [20, 90, 135, 65, 0])
        #expect(cost.totalMinor == 310)
        // 310 ÷ 8 = 38.75 → 39.
        #expect(cost.perServingMinor == 39)
        #expect(cost.isEstimated)
        #expect(!cost.isIncomplete)
        #expect(cost.rows.last?.status == .wordsOnly)
    }

    @Test func theCheapestContentCostsTheRow() {
        let butter = [Ingredient(name: "butter", measure: "100 g")]
        let cost = ServingCost(ingredients: butter, servings: 4, offers: ["butter": [F.butter250, F.butter500]])
        // 100 g of 500 g at 4.49 is 89.8 → 90; of 250 g at 2.49 it would be 99.6.
        #expect(cost.totalMinor == 90)
        #expect(cost.rows.first?.sku == "BUT-500")
        #expect(cost.perServingMinor == 23)
    }

    @Test func halfALemonCostsHalfALemon() {
        let lemon = [Ingredient(name: "lemon", measure: "½")]
        let cost = ServingCost(
            ingredients: lemon, servings: nil, offers: ["lemon": [F.offer("L", "Lemon", 1, .piece, 45)]])
        #expect(cost.totalMinor == 23)
        #expect(cost.servings == 1)
        #expect(cost.perServingMinor == 23)
        #expect(!cost.isEstimated)
    }

    @Test func stockDoesNotChangeWhatARecipeCosts() {
        let butter = [Ingredient(name: "butter", measure: "50 g")]
        let gone = F.offer("BUT", "Butter", 250, .gram, 250, stock: 0)
        #expect(ServingCost(ingredients: butter, servings: 2, offers: ["butter": [gone]]).totalMinor == 50)
    }

    @Test func anAmountWithoutAProductOrAUnitMakesItIncomplete() {
        var shelf = Self.shelf
        shelf["lemon"] = nil
        let noLemon = ServingCost(ingredients: Self.cake, servings: 8, offers: shelf)
        #expect(noLemon.isIncomplete)
        #expect(noLemon.totalMinor == 245)
        #expect(noLemon.rows[3].status == .noProduct)
        let herbs = [Ingredient(name: "coriander", measure: "1 small bunch")]
        let byWeight = ServingCost(
            ingredients: herbs, servings: 2, offers: ["coriander": [F.offer("COR", "Coriander", 30, .gram, 79)]])
        #expect(byWeight.isIncomplete)
        #expect(byWeight.rows.first?.status == .noAmount)
        let partly = ServingCost(
            ingredients: [
                Ingredient(name: "garlic", measure: "2 cloves"), Ingredient(name: "garlic", measure: "1 small bunch"),
            ],
            servings: 1, offers: ["garlic": [F.offer("GAR", "Garlic", 100, .gram, 100)]])
        #expect(partly.isIncomplete)
        #expect(partly.rows.first?.status == .costed(isPartial: true))
        #expect(partly.totalMinor == 6)
    }
}
