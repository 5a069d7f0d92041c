/// Where the payment and delivery partner says an order is. It only moves forward: a late or repeated event never
/// takes an order back. `rejected` ends it from anywhere before `delivered`.
package enum PartnerStatus: String, Sendable, CaseIterable, Codable {
    case awaiting
    case paid
    case paymentFailed = "payment-failed"
    case dispatched
    case delivered
    case rejected

    /// How far along it is; a failed payment and a paid one are at the same step, and a retried payment may
    /// still succeed after a failed one.
    private var step: Int {
        switch self {
        case .awaiting: 0
        case .paid, .paymentFailed: 1
        case .dispatched: 2
        case .delivered, .rejected: 3
        }
    }

    package var isFinal: Bool { step == 3 }

    package func canMove(to target: PartnerStatus) -> Bool {
        if isFinal { return false }
        if self == .paymentFailed && target == .paid { return true }
        return target.step > step
    }

    /// What the order page and the board call it.
    package var title: String {
        switch self {
        case .awaiting: "Waiting for payment"
        case .paid: "Paid"
        case .paymentFailed: "Payment failed"
        case .dispatched: "On its way"
        case .delivered: "Delivered"
        case .rejected: "Rejected by the delivery partner"
        }
    }

    /// What happens next, in words, for the shopper.
    package var nextStep: String {
        switch self {
        case .awaiting: "Our delivery partner will take your payment; this page shows when it has."
        case .paid: "Paid. The shop packs your order and hands it to the courier."
        case .paymentFailed: "The payment did not go through. Our delivery partner will contact you to try again."
        case .dispatched: "Your order is on its way."
        case .delivered: "Delivered. Enjoy your cooking!"
        case .rejected: "Our delivery partner could not take this order. Please ask the shop."
        }
    }
}
