/// A payment the partner took that is not what the shop asked for: another amount, or another currency. Taken (the
/// partner has the money), and shown on the ticket and the order page for staff to settle.
package struct PaymentMismatch: Sendable, Equatable {
    package var paidMinor: Int
    package var paidCurrency: String
    package var askedMinor: Int
    package var askedCurrency: String
}

extension Order {
    /// Nil when the partner named no amount, or the one asked for: the final amount once the order is ready, the
    /// estimate before.
    package var paymentMismatch: PaymentMismatch? {
        guard let paid = partner?.paidMinor, let pricing = content.pricing else { return nil }
        let asked = finalMinor ?? pricing.estimateMinor
        let currency = partner?.paidCurrency ?? pricing.currency
        guard paid != asked || currency != pricing.currency else { return nil }
        return PaymentMismatch(
            paidMinor: paid, paidCurrency: currency, askedMinor: asked, askedCurrency: pricing.currency)
    }
}
