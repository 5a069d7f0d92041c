/// What staff found for one row of an order's pick list: all of it, a weighed good at the weight packed, some of it
/// short, or something else instead.
package enum PickMark: Sendable, Equatable {
    package static let maximumReplacementLength = 80
    package static let maximumMissing = 999

    case found
    /// Found, and weighed at `amount`, in its priced line's unit (grams, millilitres, pieces).
    case weighed(amount: Int)
    /// `missing` of the amount could not be found; on a priced row, `missing` packs.
    case short(missing: Int)
    /// Replaced with what `with` names; on a priced row, with the product `line` prices as it was when marked.
    case replaced(with: String, line: PricedOrderLine? = nil)

    /// The `data-pick-state` value, and the stored state: a weighed row is found.
    package var state: String {
        switch self {
        case .found, .weighed: "found"
        case .short: "short"
        case .replaced: "replaced"
        }
    }

    /// A mark from its stored or posted parts; nil when they do not make one (an unknown state, a count or weight out
    /// of range, an empty or too long replacement).
    package init?(
        state: String, missing: Int?, replacement: String?, packedAmount: Int? = nil,
        replacementLine: PricedOrderLine? = nil
    ) {
        switch state {
        case "found":
            guard let packedAmount else {
                self = .found
                return
            }
            guard packedAmount > 0 else { return nil }
            self = .weighed(amount: packedAmount)
        case "short":
            guard let missing, (1...Self.maximumMissing).contains(missing) else { return nil }
            self = .short(missing: missing)
        case "replaced":
            guard let replacement, !replacement.isEmpty, replacement.count <= Self.maximumReplacementLength else {
                return nil
            }
            self = .replaced(with: replacement, line: replacementLine)
        default:
            return nil
        }
    }

    package var missing: Int? {
        if case .short(let missing) = self { missing } else { nil }
    }

    package var replacement: String? {
        if case .replaced(let replacement, _) = self { replacement } else { nil }
    }

    /// The product a priced row was replaced with.
    package var replacementLine: PricedOrderLine? {
        if case .replaced(_, let line) = self { line } else { nil }
    }

    /// The weight a weighed row was packed at.
    package var packedAmount: Int? {
        if case .weighed(let amount) = self { amount } else { nil }
    }
}
