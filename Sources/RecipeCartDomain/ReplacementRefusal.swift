/// Why the shopper's substitution choice does not allow a replacement staff picked.
package enum ReplacementRefusal: Sendable, Equatable {
    /// The shopper chose "Leave it out".
    case leaveOut
    /// The shopper chose "Pick a close match", and the replacement costs more than `limitMinor`: the row's price
    /// and the rise a close match may add.
    case tooDear(limitMinor: Int)
}

extension SubstitutionChoice {
    /// The default rise a close match may add to a row's price, in percent (`--close-match-price-rise`).
    package static let defaultCloseMatchPriceRise = 20

    /// Nil when a replacement costing `replacementMinor` may stand in for a row priced `estimatedMinor`: always for
    /// "Call me" (staff have asked), never for "Leave it out", for "Pick a close match" up to `priceRise` percent
    /// more.
    package func refusal(replacing estimatedMinor: Int, with replacementMinor: Int, priceRise: Int)
        -> ReplacementRefusal?
    {
        switch kind {
        case .leaveOut:
            return .leaveOut
        case .callMe:
            return nil
        case .closeMatch:
            let limit = estimatedMinor * (100 + priceRise) / 100
            return replacementMinor > limit ? .tooDear(limitMinor: limit) : nil
        }
    }
}
