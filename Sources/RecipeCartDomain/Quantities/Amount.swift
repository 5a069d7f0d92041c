/// How much of something a recipe asks for: one number, or a range such as `2–3`.
package enum Amount: Sendable, Equatable {
    case exact(Double)
    case range(Double, Double)

    /// Values beyond this are kept as text: they are typos or jokes, and keeping every sum and
    /// product far from `Double`'s limits means no conversion can ever trap.
    package static let largest = 1_000_000.0

    package var low: Double {
        switch self {
        case .exact(let value): value
        case .range(let low, _): low
        }
    }

    package var high: Double {
        switch self {
        case .exact(let value): value
        case .range(_, let high): high
        }
    }

    package func map(_ transform: (Double) -> Double) -> Amount {
        switch self {
        case .exact(let value): .exact(transform(value))
        case .range(let low, let high): .range(transform(low), transform(high))
        }
    }

    package static func + (lhs: Amount, rhs: Amount) -> Amount {
        let low = lhs.low + rhs.low
        let high = lhs.high + rhs.high
        return low == high ? .exact(low) : .range(low, high)
    }
}
