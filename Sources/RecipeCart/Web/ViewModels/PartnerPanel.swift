import Foundation
import RecipeCartDomain

/// What the delivery partner said of an order, as the order page and the staff ticket show it
/// (`partner-status.mustache`).
struct PartnerPanel {
    /// The `data-partner-status` value.
    var status: String
    var title: String
    var nextStep: String
    var trackingURL: String?
    var rejectionReason: String?

    init(_ state: PartnerState) {
        status = state.status.rawValue
        title = state.status.title
        nextStep = state.status.nextStep
        trackingURL = state.status == .dispatched || state.status == .delivered ? state.trackingURL : nil
        rejectionReason = state.status == .rejected ? state.rejectionReason : nil
    }
}
