/// What staff found for one row of an order's pick list: all of it, some of it short, or something else instead.
public enum PickMark: Sendable, Equatable {
    public static let maximumReplacementLength = 80
    public static let maximumMissing = 999

    case found
    /// `missing` of the amount could not be found.
    case short(missing: Int)
    case replaced(with: String)

    /// The `data-pick-state` value, and the stored state.
    public var state: String {
        switch self {
        case .found: "found"
        case .short: "short"
        case .replaced: "replaced"
        }
    }

    /// A mark from its stored or posted parts; nil when they do not make one (an unknown state, a count out of range,
    /// an empty or too long replacement).
    public init?(state: String, missing: Int?, replacement: String?) {
        switch state {
        case "found":
            self = .found
        case "short":
            guard let missing, (1...Self.maximumMissing).contains(missing) else { return nil }
            self = .short(missing: missing)
        case "replaced":
            guard let replacement, !replacement.isEmpty, replacement.count <= Self.maximumReplacementLength else {
                return nil
            }
            self = .replaced(with: replacement)
        default:
            return nil
        }
    }

    public var missing: Int? {
        if case .short(let missing) = self { missing } else { nil }
    }

    public var replacement: String? {
        if case .replaced(let replacement) = self { replacement } else { nil }
    }
}
