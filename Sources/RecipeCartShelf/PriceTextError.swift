/// Why a till's price text is no price of the shop's currency; the description is the refusal's reason.
package enum PriceTextError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case negative(String)
    /// Letters or marks where digits belong: `12.5O`, `abc`, `1..2`.
    case malformed(String)
    /// More decimals than the currency has: `2.499` of EUR, `12.5` of JPY (trailing zeros are allowed).
    case tooManyDecimals(String, Currency)
    /// Past `PriceText.largestMajor` major units.
    case tooLarge(String)
    /// One separator before three digits in a currency of two decimals: `1,299` may be thousands or a typo.
    case ambiguous(String, Currency)
    /// A sign of another currency: `$2.49` in a shop selling in EUR.
    case otherCurrency(String, sign: String, Currency)

    package var description: String {
        switch self {
        case .empty:
            return "the price is empty"
        case .negative(let text):
            return "the price \"\(text)\" is negative"
        case .malformed(let text):
            return "the price \"\(text)\" is not a number"
        case .tooManyDecimals(let text, let currency):
            let digits =
                currency.minorDigits == 0
                ? "\(currency.code) has no decimals" : "\(currency.code) has \(currency.minorDigits)"
            return "the price \"\(text)\" has more decimals than the currency: \(digits)"
        case .tooLarge(let text):
            return "the price \"\(text)\" is over 1,000,000"
        case .ambiguous(let text, let currency):
            return "the price \"\(text)\" could be read as thousands or as decimals; write it with \(currency.code)'s "
                + "\(currency.minorDigits) decimals, such as 1,299.00 or 1.29"
        case .otherCurrency(let text, let sign, let currency):
            return "the price \"\(text)\" is written in \(sign), not in the shop's currency \(currency.code)"
        }
    }
}
