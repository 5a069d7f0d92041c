import Foundation
import RecipeCartDomain
import RecipeCartShelf

/// What the delivery partner said of an order, as the order page and the staff ticket show it
/// (`partner-status.mustache`).
struct PartnerPanel {
    /// The `data-partner-status` value.
    var status: String
    var title: String
    var nextStep: String
    var trackingURL: String?
    var rejectionReason: String?
    /// "Paid €41.20, order €43.05": the partner took another amount than the shop asked for, or another currency.
    var paymentMismatch: PaymentMismatchText?

    struct PaymentMismatchText {
        var text: String
        var paidMinor: Int
        var paidCurrency: String
    }

    /// nil for an order the shop did not hand to a partner.
    init?(_ order: Order) {
        guard let state = order.partner else { return nil }
        self.init(state)
        paymentMismatch = order.paymentMismatch.map { mismatch in
            PaymentMismatchText(
                text: "Paid \(Self.amount(mismatch.paidMinor, mismatch.paidCurrency)), order "
                    + Self.amount(mismatch.askedMinor, mismatch.askedCurrency),
                paidMinor: mismatch.paidMinor, paidCurrency: mismatch.paidCurrency)
        }
    }

    /// `€41.20`; a currency this version cannot write is named with its minor units (`XTS 4120`).
    private static func amount(_ minor: Int, _ code: String) -> String {
        Currency(validCode: code)?.format(minor: minor) ?? "\(code) \(minor)"
    }

    init(_ state: PartnerState) {
        status = state.status.rawValue
        title = state.status.title
        nextStep = state.status.nextStep
        trackingURL = state.status == .dispatched || state.status == .delivered ? state.trackingURL : nil
        rejectionReason = state.status == .rejected ? state.rejectionReason : nil
    }
}
