import RecipeCartDomain
import RecipeCartShelf
import Testing

@Suite struct BasketTests {
    typealias F = ShelfFixtures

    static let entries = [
        ShoppingList.Entry(
            recipeTitle: "Soup",
            ingredients: [
                Ingredient(name: "onion", measure: "2"), Ingredient(name: "butter", measure: "60 g"),
                Ingredient(name: "salt", measure: "to taste"),
                Ingredient(name: "chopped tomatoes", measure: "2 cans (400 g each)"),
                Ingredient(name: "milk", measure: "300 ml"),
            ], factor: 1)
    ]

    static let shelf: [String: [PackOffer]] = [
        "onion": [F.offer("ONI-KG", "Onions", 1000, .gram, 199, weighed: true)],
        "butter": [F.butter250, F.butter500],
        "chopped tomato": [F.offer("TOM-400", "Chopped tomatoes", 400, .gram, 65)],
    ]

    @Test func rowsAreGroupedByAisleWithSubtotalsAndATotal() {
        let basket = Basket.priced(
            entries: Self.entries, walkingOrder: Aisle.defaultOrder, have: [:], offers: Self.shelf)
        // Salt is a staple the shopper has: it is not bought.
        #expect(basket.aisles.map(\.aisle) == [.produce, .dairyEggs, .pantry])
        #expect(basket.aisles.map { $0.rows.map(\.item.key) } == [["onion"], ["butter", "milk"], ["chopped tomato"]])
        #expect(basket.aisles.map(\.subtotalMinor) == [44, 249, 130])
        #expect(basket.totalMinor == 423)
        #expect(basket.isEstimated)
        #expect(basket.aisles.map(\.isEstimated) == [true, false, false])
    }

    @Test func aRowWithoutAProductIsLeftOutAndTheTotalSaysSo() {
        let basket = Basket.priced(
            entries: Self.entries, walkingOrder: Aisle.defaultOrder, have: [:], offers: Self.shelf)
        let milk = basket.aisles[1].rows[1]
        #expect(milk.choice.status == .noProduct)
        #expect(milk.isIncomplete)
        #expect(basket.isIncomplete)
        #expect(basket.aisles.map(\.isIncomplete) == [false, true, false])
        var shelf = Self.shelf
        shelf["milk"] = [F.offer("MILK", "Milk", 1000, .millilitre, 109)]
        let whole = Basket.priced(entries: Self.entries, walkingOrder: Aisle.defaultOrder, have: [:], offers: shelf)
        #expect(!whole.isIncomplete)
        #expect(whole.totalMinor == 532)
    }

    @Test func whatTheShopperHasIsNotBoughtAndAStapleNeededIs() {
        let had = Basket.priced(
            entries: Self.entries, walkingOrder: Aisle.defaultOrder, have: ["onion": true], offers: Self.shelf)
        #expect(!had.isEstimated)
        #expect(had.totalMinor == 379)
        let salt = Basket.priced(
            entries: Self.entries, walkingOrder: Aisle.defaultOrder, have: ["salt": false],
            offers: Self.shelf.merging(["salt": [F.offer("SALT", "Salt", 500, .gram, 59)]]) { $1 })
        let row = salt.aisles.flatMap(\.rows).first { $0.item.key == "salt" }
        #expect(row?.choice.status == .noAmount)
        #expect(salt.isIncomplete)
    }

    @Test func tooLittleStockIsPricedButIncomplete() {
        var shelf = Self.shelf
        shelf["chopped tomato"] = [F.offer("TOM-400", "Chopped tomatoes", 400, .gram, 65, stock: 1)]
        shelf["milk"] = [F.offer("MILK", "Milk", 1000, .millilitre, 109)]
        let basket = Basket.priced(entries: Self.entries, walkingOrder: Aisle.defaultOrder, have: [:], offers: shelf)
        let tomatoes = basket.aisles.flatMap(\.rows).first { $0.item.key == "chopped tomato" }
        #expect(tomatoes?.choice.status == .partlyCovered(missing: 400))
        #expect(tomatoes?.choice.priceMinor == 65)
        #expect(basket.totalMinor == 467)
        #expect(basket.isIncomplete)
    }
}
