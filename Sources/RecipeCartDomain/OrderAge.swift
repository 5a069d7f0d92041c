import Foundation

/// How long an open order has waited, as the board shows it at a glance: fresh, then warn, then late, by two limits
/// the shop sets (`--order-warn-after`, `--order-late-after`).
public enum OrderAge: String, Sendable, Equatable {
    case fresh
    case warn
    case late

    public struct Limits: Sendable, Equatable {
        public static let standard = Limits(warnAfter: 5 * 60, lateAfter: 10 * 60)

        public var warnAfter: TimeInterval
        public var lateAfter: TimeInterval

        public init(warnAfter: TimeInterval, lateAfter: TimeInterval) {
            self.warnAfter = warnAfter
            self.lateAfter = lateAfter
        }

        public func age(of waited: TimeInterval) -> OrderAge {
            if waited >= lateAfter { return .late }
            if waited >= warnAfter { return .warn }
            return .fresh
        }
    }

    /// The words beside the colour, so the state never rests on colour alone.
    public var title: String {
        switch self {
        case .fresh: "On time"
        case .warn: "Waiting"
        case .late: "Late"
        }
    }
}
