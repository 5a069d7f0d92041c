/// The events the shop sends its partner, one for each change of an order the partner must know of.
package enum OrderEventType: String, Sendable, CaseIterable, Codable {
    case placed = "order.placed"
    case cancelled = "order.cancelled"
    case ready = "order.ready"
    /// The shopper changed it before packing started: its new content, and the amount to authorise instead.
    case updated = "order.updated"

    /// The event a move to `status` sends, if any.
    package init?(movingTo status: OrderStatus) {
        switch status {
        case .cancelled: self = .cancelled
        case .ready: self = .ready
        case .new, .picking, .collected: return nil
        }
    }
}
