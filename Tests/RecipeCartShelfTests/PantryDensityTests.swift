import RecipeCartDomain
import RecipeCartShelf
import Testing

@Suite struct PantryDensityTests {
    typealias F = ShelfFixtures

    @Test func spoonfulsOfPantryGoodsWeigh() {
        // 2 tsp of baking powder at 4.6 g a teaspoon: 9.2 g.
        let powder = F.need("baking powder", "2 tsp").amount(in: .gram)
        #expect(powder.milli == 9200)
        #expect(powder.amount == 10)
        #expect(!powder.isEstimated)
        #expect(F.need("tomato purée", "2 tbsp").amount(in: .gram).amount == 32)
        #expect(F.need("salt", "1 tsp", "10 g").amount(in: .gram).amount == 16)
        // A 400 g can of coconut milk, sold by the millilitre: 400 ÷ (226 g ÷ 236.59 ml) = 418.7 ml.
        #expect(F.need("coconut milk", "1 can (400 g)").amount(in: .millilitre).amount == 419)
    }

    @Test func aTeaspoonOfCuminIsPricedFromAJar() {
        let jar = F.offer("CUMIN-50", "Ground cumin", 50, .gram, 139)
        let choice = PackChoice.choose(for: F.need("ground cumin", "2 tsp"), from: [jar])
        #expect(choice.status == .covered)
        #expect(choice.display == "1 × 50 g Ground cumin · 45 g left")
        let cost = ServingCost(
            ingredients: [Ingredient(name: "ground cumin", measure: "2 tsp")], servings: 1,
            offers: ["ground cumin": [jar]])
        // 4.2 g of 50 g at 1.39: 11.676 → 12.
        #expect(cost.totalMinor == 12)
        #expect(!cost.isIncomplete)
    }

    @Test func everyRowIsSourcedSaneAndLeavesTheListsTableAlone() {
        var seen: Set<String> = []
        for row in PantryDensity.rows {
            #expect(
                row.source.wholeMatch(of: /USDA \d{5}, .+: 1 (tsp|tbsp|cup)(, \w+)? [\d.]+ g/) != nil, "\(row.source)")
            let grams = row.grams.formatted(.number.grouping(.never))
            #expect(
                row.source.hasSuffix(" \(grams) g") && row.source.contains(": 1 \(row.per.rawValue)"), "\(row.source)")
            #expect((0.1...1.5).contains(row.gramsPerMillilitre), "\(row.names)")
            for name in row.names {
                #expect(seen.insert(name).inserted, "\(name) listed twice")
                #expect(IngredientDensity.of(name) == nil, "\(name) is the list's density table's")
                #expect(PantryDensity.gramsPerMillilitre(name) == row.gramsPerMillilitre)
            }
        }
    }
}
