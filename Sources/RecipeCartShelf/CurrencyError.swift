/// Why a text is not the shop's currency. Its description says what a valid code is, so that a start refused for
/// `--currency` tells the grocer what to write.
package enum CurrencyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not three capital letters: `eur`, `EURO`, `€`.
    case malformed(String)
    /// Three capital letters that are no ISO 4217 currency RecipeCart knows: `XYZ`.
    case unknown(String)

    package var description: String {
        switch self {
        case .malformed(let text):
            let hint = text.count == 3 ? " (written in capitals: \(text.uppercased()))" : ""
            return "\"\(text)\" is not a currency code\(hint): an ISO 4217 code is three capital letters such as EUR, "
                + "GBP, USD or CHF"
        case .unknown(let code):
            return "\"\(code)\" is not an ISO 4217 currency code RecipeCart knows; codes such as EUR, GBP, USD, CHF, "
                + "SEK, PLN or JPY are"
        }
    }
}
