import Foundation
import RecipeCartDomain
import RecipeCartShelf
import Testing

@Suite struct PieceWeightTests {
    @Test func theThingItselfWeighsByItsSize() {
        #expect(PieceWeight.of("onion")?.grams == 110)
        #expect(PieceWeight.of("Red Onions", noun: "large")?.grams == 150)
        #expect(PieceWeight.of("onion", noun: "small")?.grams == 70)
        #expect(PieceWeight.of("egg", noun: "")?.grams == 50)
        #expect(PieceWeight.of("lime", noun: "large")?.grams == 67)
    }

    @Test func aPartOrBundleWeighsByWhatIsCounted() {
        #expect(PieceWeight.of("garlic", noun: "cloves")?.grams == 3)
        #expect(PieceWeight.of("garlic", noun: "clove, crushed")?.grams == 3)
        #expect(PieceWeight.of("garlic", noun: "head")?.grams == 42)
        #expect(PieceWeight.of("celery", noun: "sticks")?.grams == 40)
        #expect(PieceWeight.of("sourdough bread", noun: "slices")?.grams == 25)
        #expect(PieceWeight.of("ham", noun: "slices")?.grams == 28)
        #expect(PieceWeight.of("Cooked ham", noun: "thick slice")?.grams == 28)
    }

    /// `4 slices` of ham is bought from a 200 g pack: 4 × 28 g, an estimate.
    @Test func slicesOfHamAreBoughtByWeight() {
        let need = ShelfFixtures.need("ham", "4 slices").amount(in: .gram)
        #expect(need.amount == 112)
        #expect(need.isEstimated)
        #expect(need.leftOut == [])
    }

    @Test func whatTheTableDoesNotKnowIsNil() {
        #expect(PieceWeight.of("chicken breast") == nil)
        #expect(PieceWeight.of("coriander", noun: "small bunch") == nil)
        #expect(PieceWeight.of("onion", noun: "cloves") == nil)
        #expect(PieceWeight.of("pickled red onion") == nil)
        #expect(PieceWeight.of("ham") == nil)
        #expect(PieceWeight.of("prawn") == nil)
    }

    @Test func everyRowNamesItsSource() {
        for row in PieceWeight.rows {
            let usda = row.source.wholeMatch(of: /USDA \d{5}( \(\w+\) and \d{5} \(\w+\))?, .+ \d+ g/) != nil
            let web = row.source.wholeMatch(of: /Web: [a-z]+\.[a-z]+, .+ \d+ (to \d+ )?g; .+ taken/) != nil
            #expect(usda || web, "\(row.names): \(row.source)")
        }
    }

    @Test func everyWeightIsSaneAndItsSizesInOrder() {
        for row in PieceWeight.rows {
            let sizes = row.sizes
            #expect((1...1000).contains(sizes.medium), "\(row.names)")
            if let small = sizes.small { #expect(small > 0 && small < sizes.medium, "\(row.names)") }
            if let large = sizes.large { #expect(large > sizes.medium && large <= 1000, "\(row.names)") }
            #expect(row.source.contains("\(sizes.medium) g"), "\(row.names): the source's figure")
        }
    }

    @Test func everyNameAndNounIsListedOnceAndFound() {
        var seen: Set<[String]> = []
        for row in PieceWeight.rows {
            for name in row.names {
                #expect(seen.insert([name, row.noun]).inserted, "\(name) / \(row.noun) listed twice")
                #expect(PieceWeight.of(name, noun: row.noun)?.grams == row.sizes.medium, "\(name) / \(row.noun)")
            }
        }
    }

    /// Every counted ingredient of the bundled catalog converts to a weight, through its note (`(400 g each)`) or the
    /// table, except the things a shop sells by the piece or pack for which no source gives a raw weight.
    @Test func theBundledCatalogsCountsAreCovered() throws {
        let recipes = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/RecipeCartServices/Resources/catalog/recipes").standardized
        let files = try FileManager.default.contentsOfDirectory(at: recipes, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
        #expect(files.count >= 52)
        // Parsley by the sprig is in the table; by the handful, as basil and coriander, it is not.
        let soldByThePiece: Set<String> = [
            "almond", "baguette", "basil", "bay leaf", "chicken breast", "chive", "ciabatta",
            "cod fillet", "coriander", "ginger", "lasagne sheet", "meringue nest", "mint", "parsley", "prawn",
            "rosemary",
            "salmon fillet", "thai basil", "thyme", "vanilla pod",
        ]
        var uncovered: Set<String> = []
        for file in files {
            let recipe = try JSONDecoder().decode(CatalogRecipe.self, from: Data(contentsOf: file))
            for ingredient in recipe.ingredients {
                guard case .counted(_, let noun, let note) = Measure.parse(ingredient.measure).kind, note.isEmpty
                else { continue }
                let key = IngredientName(ingredient.name).key
                if PieceWeight.of(key, noun: noun) == nil, !soldByThePiece.contains(key) {
                    uncovered.insert("\(key) (\(ingredient.measure))")
                }
            }
        }
        #expect(uncovered.isEmpty, "\(uncovered.sorted())")
    }

    private struct CatalogRecipe: Decodable {
        var ingredients: [Ingredient]
    }
}
