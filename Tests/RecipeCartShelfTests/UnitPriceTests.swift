import RecipeCartShelf
import Testing

@Suite struct UnitPriceTests {
    @Test func aPacksPriceBecomesAPricePerKilogramLitreOrPiece() {
        #expect(UnitPrice(priceMinor: 249, per: PackSize(250, .gram)!) == UnitPrice(minor: 996, unit: .gram))
        #expect(UnitPrice(priceMinor: 199, per: PackSize(750, .millilitre)!).minor == 265)
        #expect(UnitPrice(priceMinor: 399, per: PackSize(12, .piece)!).minor == 33)
        #expect(UnitPrice(priceMinor: 129, per: PackSize(1000, .millilitre)!).minor == 129)
    }

    @Test func halvesRoundUpAndLessThanHalfRoundsDown() {
        #expect(UnitPrice(priceMinor: 5, per: PackSize(2000, .gram)!).minor == 3)
        #expect(UnitPrice(priceMinor: 3, per: PackSize(6, .piece)!).minor == 1)
        #expect(UnitPrice(priceMinor: 1, per: PackSize(3, .gram)!).minor == 333)
        #expect(UnitPrice(priceMinor: 2, per: PackSize(3, .gram)!).minor == 667)
        #expect(UnitPrice(priceMinor: 0, per: PackSize(500, .gram)!).minor == 0)
    }

    @Test func aWeighedGoodsPriceAlreadyIsItsUnitPrice() {
        let onions = ShelfFixtures.offer("ONI", "Onions", 1000, .gram, 199, weighed: true)
        #expect(onions.unitPrice == UnitPrice(minor: 199, unit: .gram))
        #expect(ShelfFixtures.butter250.unitPrice.minor == 996)
    }

    @Test func unitsAreNamedAsTheMarkupHooksNameThem() {
        #expect(UnitPrice(minor: 1, unit: .gram).unitName == "kg")
        #expect(UnitPrice(minor: 1, unit: .millilitre).unitName == "l")
        #expect(UnitPrice(minor: 1, unit: .piece).unitName == "piece")
    }

    @Test func theLargestPriceOfTheSmallestPackStaysExact() {
        let price = UnitPrice(priceMinor: PackOffer.largestPriceMinor, per: PackSize(1, .gram)!)
        #expect(price.minor == PackOffer.largestPriceMinor * 1000)
    }
}
