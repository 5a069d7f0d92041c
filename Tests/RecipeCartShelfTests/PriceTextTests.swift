import RecipeCartShelf
import Testing

@Suite struct PriceTextTests {
    let euro = Currency.euro
    let dollar = try! Currency(code: "USD")
    let yen = try! Currency(code: "JPY")
    let dinar = try! Currency(code: "KWD")

    @Test func tillsWritingsOfAPrice() throws {
        #expect(try PriceText.minorUnits("2.49", in: euro) == 249)
        #expect(try PriceText.minorUnits("€2.49", in: euro) == 249)
        #expect(try PriceText.minorUnits("2,49 €", in: euro) == 249)
        #expect(try PriceText.minorUnits("EUR 2.49", in: euro) == 249)
        #expect(try PriceText.minorUnits("$1,299.00", in: dollar) == 129_900)
        #expect(try PriceText.minorUnits("US$ 3", in: dollar) == 300)
        #expect(try PriceText.minorUnits("12,50", in: euro) == 1250)
        #expect(try PriceText.minorUnits("1.299,00", in: euro) == 129_900)
        #expect(try PriceText.minorUnits("1 299,00", in: euro) == 129_900)
        #expect(try PriceText.minorUnits("1\u{00A0}299,00", in: euro) == 129_900)
        #expect(try PriceText.minorUnits("1'299.00", in: euro) == 129_900)
        #expect(try PriceText.minorUnits("999,999.50", in: euro) == 99_999_950)
        #expect(try PriceText.minorUnits(" 3 ", in: euro) == 300)
        #expect(try PriceText.minorUnits("2.5", in: euro) == 250)
        #expect(try PriceText.minorUnits(".99", in: euro) == 99)
        #expect(try PriceText.minorUnits("0", in: euro) == 0)
        #expect(try PriceText.minorUnits("2.4900", in: euro) == 249)
    }

    @Test func theCurrencysDigitsDecide() throws {
        #expect(try PriceText.minorUnits("1,299", in: yen) == 1299)
        #expect(try PriceText.minorUnits("¥1,299", in: yen) == 1299)
        #expect(try PriceText.minorUnits("300.00", in: yen) == 300)
        #expect(try PriceText.minorUnits("1.250", in: dinar) == 1250)
        #expect(throws: PriceTextError.tooManyDecimals("12,5", yen)) { try PriceText.minorUnits("12,5", in: yen) }
        #expect(throws: PriceTextError.tooManyDecimals("2.4999", euro)) { try PriceText.minorUnits("2.4999", in: euro) }
        #expect(throws: PriceTextError.tooManyDecimals("0,299", euro)) { try PriceText.minorUnits("0,299", in: euro) }
        #expect(throws: PriceTextError.ambiguous("1,299", euro)) { try PriceText.minorUnits("1,299", in: euro) }
    }

    @Test func refusalsSayWhy() {
        #expect(throws: PriceTextError.empty) { try PriceText.minorUnits("", in: euro) }
        #expect(throws: PriceTextError.empty) { try PriceText.minorUnits("   ", in: euro) }
        #expect(throws: PriceTextError.negative("-2.49")) { try PriceText.minorUnits("-2.49", in: euro) }
        #expect(throws: PriceTextError.negative("-€0.26")) { try PriceText.minorUnits("-€0.26", in: euro) }
        #expect(throws: PriceTextError.negative("€-0.26")) { try PriceText.minorUnits("€-0.26", in: euro) }
        #expect(throws: PriceTextError.negative("(2.49)")) { try PriceText.minorUnits("(2.49)", in: euro) }
        #expect(throws: PriceTextError.malformed("12.5O")) { try PriceText.minorUnits("12.5O", in: euro) }
        #expect(throws: PriceTextError.malformed("abc")) { try PriceText.minorUnits("abc", in: euro) }
        #expect(throws: PriceTextError.malformed("1..2")) { try PriceText.minorUnits("1..2", in: euro) }
        #expect(throws: PriceTextError.malformed("12.")) { try PriceText.minorUnits("12.", in: euro) }
        #expect(throws: PriceTextError.malformed("1,2,3.00")) { try PriceText.minorUnits("1,2,3.00", in: euro) }
        #expect(throws: PriceTextError.malformed("2.49e3")) { try PriceText.minorUnits("2.49e3", in: euro) }
        #expect(throws: PriceTextError.malformed("€")) { try PriceText.minorUnits("€", in: euro) }
        #expect(throws: PriceTextError.tooLarge("1000000.01")) { try PriceText.minorUnits("1000000.01", in: euro) }
        #expect(throws: PriceTextError.tooLarge("1,000,001")) { try PriceText.minorUnits("1,000,001", in: dollar) }
        #expect(throws: PriceTextError.tooLarge("99999999999999999999999")) {
            try PriceText.minorUnits("99999999999999999999999", in: euro)
        }
        #expect(throws: PriceTextError.otherCurrency("$2.49", sign: "$", euro)) {
            try PriceText.minorUnits("$2.49", in: euro)
        }
        #expect(PriceTextError.malformed("12.5O").description == "the price \"12.5O\" is not a number")
        #expect(PriceTextError.tooLarge("2000000").description.contains("over 1,000,000"))
    }

    @Test func theLargestPriceIsAMillion() throws {
        #expect(try PriceText.minorUnits("1,000,000.00", in: euro) == 100_000_000)
        #expect(try PriceText.minorUnits("1000000", in: yen) == 1_000_000)
    }
}
