import Foundation

/// How handing an order's events to the partner is going, for the staff board.
package enum Handoff: Sendable, Equatable {
    /// Every event was delivered.
    case sent
    /// An event waits for its first tries.
    case waiting
    /// An event failed `PartnerRetry.failingAfter` tries or more; it is still retried.
    case failing(lastError: String, at: Date, attempts: Int)

    /// The `data-handoff` value.
    package var name: String {
        switch self {
        case .sent: "sent"
        case .waiting: "waiting"
        case .failing: "failing"
        }
    }
}
