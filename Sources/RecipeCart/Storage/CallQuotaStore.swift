import Foundation

/// Upstream calls counted a UTC day per source, and the stops upstream asked for, for `CallQuota`: counted once for
/// every instance, so N instances never spend N times the quota.
protocol CallQuotaStore: Sendable {
    /// Counts one call of `source` on `day`, unless a stop holds at `now` or `limit` calls were made that day.
    /// Checking and counting are one atomic step, so concurrent requests never go over the limit together.
    func reserve(source: UpstreamSource, day: String, limit: Int, now: Date) async throws -> CallReservation
    /// Keeps a stop upstream asked for, replacing any earlier one.
    func stop(_ source: UpstreamSource, until: Date, reason: String) async throws
}

/// What one try to count a call found.
enum CallReservation: Sendable, Equatable {
    /// Counted, with the calls the day has left after it.
    case counted(left: Int)
    /// Upstream asked for no call before `until`.
    case stopped(until: Date, reason: String)
    /// The day's calls are all made.
    case limitReached
}
