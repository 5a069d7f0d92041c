/// Where an order is on its way to the counter. Staff move it one step at a time; `cancelled` ends it from any
/// step before `collected`.
package enum OrderStatus: String, Sendable, CaseIterable, Codable {
    case new
    case picking
    case ready
    case collected
    case cancelled

    /// The one step the board's button takes.
    package var next: OrderStatus? {
        switch self {
        case .new: .picking
        case .picking: .ready
        case .ready: .collected
        case .collected, .cancelled: nil
        }
    }

    /// Still on the staff board's queue.
    package var isOpen: Bool { next != nil }

    package func canMove(to target: OrderStatus) -> Bool {
        target == next || (target == .cancelled && isOpen)
    }

    /// What the shopper's order page and the board say.
    package var title: String {
        switch self {
        case .new: "Received"
        case .picking: "Being packed"
        case .ready: "Ready to collect"
        case .collected: "Collected"
        case .cancelled: "Cancelled"
        }
    }

    /// The board's button for the step to this status.
    package var actionTitle: String {
        switch self {
        case .new: "Received"
        case .picking: "Start packing"
        case .ready: "Mark ready"
        case .collected: "Mark collected"
        case .cancelled: "Cancel order"
        }
    }
}
