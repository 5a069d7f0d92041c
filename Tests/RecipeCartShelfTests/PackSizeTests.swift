import RecipeCartShelf
import Testing

@Suite struct PackSizeTests {
    @Test func aTillsUnitsBecomeWholeBaseUnits() {
        #expect(PackSize(1.5, unitText: "kg") == PackSize(1500, .gram))
        #expect(PackSize(33, unitText: "cl") == PackSize(330, .millilitre))
        #expect(PackSize(12, unitText: "pcs") == PackSize(12, .piece))
        #expect(PackSize(1, unitText: " L ")?.amount == 1000)
    }

    @Test func nonsenseIsNoSize() {
        #expect(PackSize(0, unitText: "g") == nil)
        #expect(PackSize(-3, unitText: "g") == nil)
        #expect(PackSize(5, unitText: "furlong") == nil)
        #expect(PackSize(.nan, unitText: "g") == nil)
        #expect(PackSize(2000, unitText: "kg") == nil)
    }

    @Test func labelsReadAsOnAShelf() {
        #expect(PackSize(250, .gram)?.display == "250 g")
        #expect(PackSize(1500, .gram)?.display == "1.5 kg")
        #expect(PackSize(1000, .millilitre)?.display == "1 l")
        #expect(PackSize(1250, .millilitre)?.display == "1.25 l")
        #expect(PackSize(1, .piece)?.display == "1 piece")
        #expect(PackSize(12, .piece)?.display == "12 pieces")
    }
}
