import Foundation
import RecipeCartDomain

/// The upstream budget in points a UTC day per source, and the stops upstream asked for, for `CallQuota`: counted
/// once for every instance, so N instances never spend N times the quota. A TheMealDB call is one point; a
/// Spoonacular call costs what the API reports.
package protocol CallQuotaStore: Sendable {
    /// Spends `cost` points of `source` on `day` (and counts one call), unless a stop holds at `now` or the points
    /// do not fit in what is left: `limit` less the points used, and never more than upstream last said it had.
    /// Checking and spending are one atomic step, so concurrent requests never go over the budget together.
    func reserve(source: UpstreamSource, day: String, cost: Double, limit: Int, now: Date) async throws
        -> CallReservation
    /// Settles a call that reserved `reserved` points on `day` with what its answer reported: the call's own cost
    /// replaces the reservation, the points used become at least the API's count, and upstream's total for the day
    /// (used + left) caps later reservations. The cost is also kept as what the next call of `kind` will cost.
    func settle(source: UpstreamSource, day: String, kind: String, reserved: Double, report: QuotaReport) async throws
    /// What the last call of `kind` cost, as reported; nil when none was.
    func lastCost(source: UpstreamSource, kind: String) async throws -> Double?
    /// The points used on `day` and those left under `limit` and upstream's own total.
    func usage(source: UpstreamSource, day: String, limit: Int) async throws -> PointsUsage
    /// Keeps a stop upstream asked for, replacing any earlier one.
    func stop(_ source: UpstreamSource, until: Date, reason: String) async throws
}

/// What one try to spend points found.
package enum CallReservation: Sendable, Equatable {
    /// Spent, with the points the day has left after it.
    case counted(left: Double)
    /// Upstream asked for no call before `until`.
    case stopped(until: Date, reason: String)
    /// The call's points do not fit in what the day has left.
    case limitReached
}

/// A day's points, for the staff board.
package struct PointsUsage: Sendable, Equatable {
    package var used: Double
    /// Never below 0.
    package var left: Double

    /// `limit` capped by `apiTotal` (upstream's used + left, when it said so), less `used`.
    package init(used: Double, limit: Int, apiTotal: Double?) {
        self.used = used
        left = max(Self.budget(limit: limit, apiTotal: apiTotal) - used, 0)
    }

    /// The most points the day may spend.
    package static func budget(limit: Int, apiTotal: Double?) -> Double {
        min(Double(limit), apiTotal ?? Double(limit))
    }
}
