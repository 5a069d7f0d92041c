import Foundation

/// What the partner last said about an order, kept beside it.
public struct PartnerState: Sendable, Equatable {
    public var status: PartnerStatus
    /// An `https` address, from `delivery.dispatched`.
    public var trackingURL: String?
    /// From `order.rejected`, at most `PartnerEvent.maximumReasonLength` characters.
    public var rejectionReason: String?
    public var updatedAt: Date
    /// What `payment.succeeded` said was paid, in minor units of `paidCurrency` (the order's when nil).
    public var paidMinor: Int?
    public var paidCurrency: String?

    public init(status: PartnerStatus, trackingURL: String? = nil, rejectionReason: String? = nil, updatedAt: Date) {
        self.status = status
        self.trackingURL = trackingURL
        self.rejectionReason = rejectionReason
        self.updatedAt = updatedAt
    }
}
