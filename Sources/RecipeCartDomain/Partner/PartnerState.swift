import Foundation

/// What the partner last said about an order, kept beside it.
public struct PartnerState: Sendable, Equatable {
    public var status: PartnerStatus
    /// An `https` address, from `delivery.dispatched`.
    public var trackingURL: String?
    /// From `order.rejected`, at most `PartnerEvent.maximumReasonLength` characters.
    public var rejectionReason: String?
    public var updatedAt: Date

    public init(status: PartnerStatus, trackingURL: String? = nil, rejectionReason: String? = nil, updatedAt: Date) {
        self.status = status
        self.trackingURL = trackingURL
        self.rejectionReason = rejectionReason
        self.updatedAt = updatedAt
    }
}
