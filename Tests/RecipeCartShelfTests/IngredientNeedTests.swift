import RecipeCartDomain
import RecipeCartShelf
import Testing

@Suite struct IngredientNeedTests {
    typealias F = ShelfFixtures

    @Test func massesAndVolumesMeetThroughTheDensityTable() {
        #expect(F.need("butter", "60 g").amount(in: .gram) == ProductNeed(60, .gram))
        // 4 tbsp is 59.15 ml; butter is 226 g a cup (236.59 ml): 56.5 g, rounded up to 57 g.
        let spoons = F.need("butter", "4 tbsp").amount(in: .gram)
        #expect(spoons.amount == 57)
        #expect(spoons.milli == 56_500)
        #expect(!spoons.isEstimated)
        #expect(F.need("butter", "100 g", "½ cup").amount(in: .gram).amount == 213)
        #expect(F.need("milk", "1 cup").amount(in: .millilitre).amount == 237)
        // A cup of butter is its density's own figure: no float noise adds a gram.
        #expect(F.need("butter", "1 cup").amount(in: .gram).amount == 226)
    }

    @Test func aCountOfTheThingItselfIsPiecesOrATypicalWeight() {
        let onions = F.need("onion", "2")
        #expect(onions.amount(in: .piece) == ProductNeed(2, .piece))
        #expect(onions.amount(in: .gram) == ProductNeed(220, .gram, isEstimated: true))
        #expect(F.need("onion", "1 large").amount(in: .gram).amount == 150)
        #expect(F.need("onion", "1", "1 large").amount(in: .gram).amount == 260)
    }

    @Test func aCountWithItsWeightNotedUsesTheNote() {
        let chickpeas = F.need("chickpeas", "2 cans (400 g each)")
        #expect(chickpeas.amount(in: .gram) == ProductNeed(800, .gram))
        #expect(chickpeas.amount(in: .piece) == ProductNeed(2, .piece))
        #expect(F.need("coconut milk", "1 can (400 ml)").amount(in: .millilitre) == ProductNeed(400, .millilitre))
        #expect(F.need("mozzarella", "2 balls (125 g each)").amount(in: .gram).amount == 250)
    }

    @Test func aPartIsWeighedThenCountedInWholeThings() {
        let garlic = F.need("garlic", "3 cloves")
        #expect(garlic.amount(in: .gram) == ProductNeed(9, .gram, isEstimated: true))
        // 9 g of a 42 g head: one head.
        let heads = garlic.amount(in: .piece)
        #expect(heads.amount == 1)
        #expect(heads.isEstimated)
        #expect(F.need("potato", "500 g").amount(in: .piece).amount == 3)
    }

    @Test func aRangeCountsAtItsHighEnd() {
        #expect(F.need("garlic", "2–3 cloves").amount(in: .gram).amount == 9)
    }

    @Test func halvesStayHalvesUntilBought() {
        let lemon = F.need("lemon", "½").amount(in: .piece)
        #expect(lemon.milli == 500)
        #expect(lemon.amount == 1)
    }

    @Test func whatCannotBeConvertedSaysSo() {
        let salt = F.need("salt", "to taste")
        #expect(salt.parts.isEmpty)
        #expect(salt.words == ["to taste"])
        #expect(!salt.amount(in: .gram).hasAmount)
        let coriander = F.need("coriander", "1 small bunch").amount(in: .gram)
        #expect(!coriander.hasAmount)
        #expect(coriander.leftOut == ["1 small bunch"])
        let soy = F.need("soy sauce", "2 tbsp", "100 ml").amount(in: .gram)
        #expect(!soy.hasAmount)
        #expect(soy.leftOut == ["130 ml"])
        let garlic = F.need("garlic", "3 cloves", "1 small bunch").amount(in: .gram)
        #expect(garlic.amount == 9)
        #expect(garlic.leftOut == ["1 small bunch"])
    }

    @Test func anAbsurdNeedIsNoAmount() {
        #expect(!F.need("flour", "20000 kg").amount(in: .gram).hasAmount)
    }

    @Test func needsHaveTheListsKeysAndScaleWithTheEntry() {
        let entries = [
            ShoppingList.Entry(
                recipeTitle: "Soup",
                ingredients: [
                    Ingredient(name: "Onions", measure: "2"), Ingredient(name: "Butter", measure: "25 g"),
                    Ingredient(name: "salt", measure: "to taste"),
                ], factor: 2),
            ShoppingList.Entry(
                recipeTitle: "Cake", ingredients: [Ingredient(name: "butter", measure: "100 g")], factor: 1),
            ShoppingList.Entry(
                recipeTitle: "Nothing", ingredients: [Ingredient(name: "flour", measure: "1 kg")], factor: 0),
        ]
        let needs = IngredientNeed.needs(for: entries)
        #expect(Set(needs.keys) == Set(ShoppingList(entries: entries).items.map(\.key)))
        #expect(needs["onion"]?.amount(in: .piece).amount == 4)
        #expect(needs["butter"]?.amount(in: .gram).amount == 150)
    }

    @Test func aRecipesNeedsAreOneAnIngredientInItsOrder() {
        let needs = IngredientNeed.needs(for: [
            Ingredient(name: "Plain flour", measure: "200 g"), Ingredient(name: "eggs", measure: "3"),
            Ingredient(name: "plain flour", measure: "1 tbsp"),
        ])
        #expect(needs.map(\.key) == ["plain flour", "egg"])
        // 200 g and a tablespoon (14.79 ml at 120 g a cup): 207.5 g.
        #expect(needs[0].amount(in: .gram).amount == 208)
    }
}
