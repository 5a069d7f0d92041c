import Foundation

/// How long an open order has waited, as the board shows it at a glance: fresh, then warn, then late, by two limits
/// the shop sets (`--order-warn-after`, `--order-late-after`).
package enum OrderAge: String, Sendable, Equatable {
    case fresh
    case warn
    case late

    package struct Limits: Sendable, Equatable {
        package static let standard = Limits(warnAfter: 5 * 60, lateAfter: 10 * 60)

        package var warnAfter: TimeInterval
        package var lateAfter: TimeInterval

        package init(warnAfter: TimeInterval, lateAfter: TimeInterval) {
            self.warnAfter = warnAfter
            self.lateAfter = lateAfter
        }

        package func age(of waited: TimeInterval) -> OrderAge {
            if waited >= lateAfter { return .late }
            if waited >= warnAfter { return .warn }
            return .fresh
        }
    }

    /// The words beside the colour, so the state never rests on colour alone.
    package var title: String {
        switch self {
        case .fresh: "On time"
        case .warn: "Waiting"
        case .late: "Late"
        }
    }
}
