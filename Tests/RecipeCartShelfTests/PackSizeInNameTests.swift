import RecipeCartShelf
import Testing

@Suite struct PackSizeInNameTests {
    @Test func measuresInNames() {
        #expect(PackSize(inName: "Chopped tomatoes 400g") == PackSize(400, .gram))
        #expect(PackSize(inName: "Flour 1.5 kg") == PackSize(1500, .gram))
        #expect(PackSize(inName: "Mehl 1,5 kg") == PackSize(1500, .gram))
        #expect(PackSize(inName: "Milk 1L") == PackSize(1000, .millilitre))
        #expect(PackSize(inName: "Cream 20cl") == PackSize(200, .millilitre))
        #expect(PackSize(inName: "Olive oil (500 ml)") == PackSize(500, .millilitre))
        #expect(PackSize(inName: "Peanut butter 16 oz") == PackSize(454, .gram))
        #expect(PackSize(inName: "Rice 2 lb") == PackSize(907, .gram))
        #expect(PackSize(inName: "Maple syrup 12 fl oz") == PackSize(355, .millilitre))
        #expect(PackSize(inName: "Milk 3.5% fat 1 l") == PackSize(1000, .millilitre))
    }

    @Test func countsInNames() {
        #expect(PackSize(inName: "Eggs x12") == PackSize(12, .piece))
        #expect(PackSize(inName: "Eggs x 6") == PackSize(6, .piece))
        #expect(PackSize(inName: "Free range eggs 12 pcs") == PackSize(12, .piece))
        #expect(PackSize(inName: "Bread rolls 6-pack") == PackSize(6, .piece))
        #expect(PackSize(inName: "Bagels, pack of 4") == PackSize(4, .piece))
        #expect(PackSize(inName: "Eggs, dozen") == PackSize(12, .piece))
        #expect(PackSize(inName: "Eggs half dozen") == PackSize(6, .piece))
    }

    @Test func aMultipackIsItsWholeContent() {
        #expect(PackSize(inName: "Beer 6 x 330ml") == PackSize(1980, .millilitre))
        #expect(PackSize(inName: "Beer 6x330ml") == PackSize(1980, .millilitre))
        #expect(PackSize(inName: "Yoghurt 125g x 4") == PackSize(500, .gram))
        #expect(PackSize(inName: "Tuna 3 × 80 g") == PackSize(240, .gram))
        #expect(PackSize(inName: "Bière 6x25cl") == PackSize(1500, .millilitre))
        #expect(PackSize(inName: "Crème fraîche 200\u{00A0}ml") == PackSize(200, .millilitre))
    }

    @Test func figuresThatAreNoSize() {
        #expect(PackSize(inName: "Vitamin B12 tablets") == nil)
        #expect(PackSize(inName: "Onions") == nil)
        #expect(PackSize(inName: "2 large lemons") == nil)
        #expect(PackSize(inName: "Extra mix") == nil)
        #expect(PackSize(inName: "Zero 0g") == nil)
        #expect(PackSize(inName: "Omega3 oil") == nil)
    }

    @Test func tillUnitsBeyondTheShelfsOwn() {
        #expect(PackSize(tillAmount: 2, unit: "kgs") == PackSize(2000, .gram))
        #expect(PackSize(tillAmount: 400, unit: "mg") == nil)
        #expect(PackSize(tillAmount: 1, unit: "lb") == PackSize(454, .gram))
        #expect(PackSize(tillAmount: 75, unit: "cl") == PackSize(750, .millilitre))
    }
}
