import RecipeCartShelf
import Testing

@Suite struct CurrencyTests {
    @Test func aCodeIsThreeCapitalsOfARealCurrency() throws {
        #expect(try Currency(code: "EUR").minorDigits == 2)
        #expect(try Currency(code: "JPY").minorDigits == 0)
        #expect(try Currency(code: "KWD").minorDigits == 3)
        for code in ["GBP", "USD", "CHF", "SEK", "DKK", "NOK", "PLN", "CZK", "HUF"] {
            #expect(try Currency(code: code).minorDigits == 2, "\(code)")
        }
        #expect(Currency.defaultCurrency.code == "EUR")
        #expect(Currency.knownCodes.count > 50)
    }

    @Test func aMalformedOrUnknownCodeSaysWhatACodeIs() {
        #expect(throws: CurrencyError.malformed("eur")) { try Currency(code: "eur") }
        #expect(throws: CurrencyError.malformed("EURO")) { try Currency(code: "EURO") }
        #expect(throws: CurrencyError.malformed("€")) { try Currency(code: "€") }
        #expect(throws: CurrencyError.malformed("")) { try Currency(code: "") }
        #expect(throws: CurrencyError.unknown("XYZ")) { try Currency(code: "XYZ") }
        #expect(Currency(validCode: "ÉUR") == nil)
        #expect(CurrencyError.malformed("eur").description.contains("EUR"))
        #expect(CurrencyError.malformed("eur").description.contains("three capital letters"))
        #expect(CurrencyError.unknown("XYZ").description.contains("ISO 4217"))
    }

    @Test func amountsAreWrittenAsAnEnglishShopWritesThem() throws {
        #expect(Currency.euro.format(minor: 249) == "€2.49")
        #expect(try Currency(code: "GBP").format(minor: 249) == "£2.49")
        #expect(try Currency(code: "USD").format(minor: 249) == "$2.49")
        #expect(try Currency(code: "JPY").format(minor: 300) == "¥300")
        #expect(try Currency(code: "CHF").format(minor: 249) == "CHF 2.49")
        #expect(try Currency(code: "KWD").format(minor: 1250) == "KWD 1.250")
        #expect(Currency.euro.format(minor: -26) == "-€0.26")
        #expect(Currency.euro.format(minor: 129_900) == "€1,299.00")
        #expect(Currency.euro.format(minor: 100_000_000) == "€1,000,000.00")
        #expect(try Currency(code: "JPY").format(minor: 1299) == "¥1,299")
        #expect(Currency.euro.format(minor: 0) == "€0.00")
        #expect(Currency.euro.format(minor: 5) == "€0.05")
        #expect(Currency.euro.format(minor: Int.min).hasPrefix("-€92,233,720,368,547,758."))
        #expect(Currency.euro.plainAmount(minor: 129_900) == "1,299.00")
    }
}
