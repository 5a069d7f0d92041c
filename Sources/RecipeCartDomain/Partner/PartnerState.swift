import Foundation

/// What the partner last said about an order, kept beside it.
package struct PartnerState: Sendable, Equatable {
    package var status: PartnerStatus
    /// An `https` address, from `delivery.dispatched`.
    package var trackingURL: String?
    /// From `order.rejected`, at most `PartnerEvent.maximumReasonLength` characters.
    package var rejectionReason: String?
    package var updatedAt: Date
    /// What `payment.succeeded` said was paid, in minor units of `paidCurrency` (the order's when nil).
    package var paidMinor: Int?
    package var paidCurrency: String?

    package init(status: PartnerStatus, trackingURL: String? = nil, rejectionReason: String? = nil, updatedAt: Date) {
        self.status = status
        self.trackingURL = trackingURL
        self.rejectionReason = rejectionReason
        self.updatedAt = updatedAt
    }
}
