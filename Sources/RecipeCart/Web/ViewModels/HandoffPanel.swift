import Foundation
import RecipeCartDomain

/// How handing an order to the delivery partner goes, on its staff ticket (`partner-handoff.mustache`): after
/// `PartnerRetry.failingAfter` failed tries, the last error and a "Try again now" button.
struct HandoffPanel {
    /// The `data-handoff` value.
    var state: String
    var title: String
    var isFailing: Bool
    var lastError: String?
    var lastErrorAt: String?
    var attempts: Int?
    var retryURL: String

    init(_ handoff: Handoff, code: OrderCode, zone: TimeZone) {
        state = handoff.name
        retryURL = SiteURL.staffOrderHandoff(code).path
        switch handoff {
        case .sent:
            title = "Sent to the delivery partner"
            isFailing = false
        case .waiting:
            title = "Being sent to the delivery partner"
            isFailing = false
        case .failing(let lastError, let at, let attempts):
            title = "Hand-off failing"
            isFailing = true
            self.lastError = lastError
            lastErrorAt = ClockTime.text(at, in: zone)
            self.attempts = attempts
        }
    }
}
