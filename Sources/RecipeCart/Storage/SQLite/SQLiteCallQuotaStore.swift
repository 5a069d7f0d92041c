import Foundation
import GRDB

/// Upstream calls counted a UTC day per source, and the stops upstream asked for, for `CallQuota`.
struct SQLiteCallQuotaStore: CallQuotaStore {
    let database: AppDatabase

    /// Counts one call of `source` on `day`, unless a stop holds at `now` or `limit` calls were made that day.
    /// Checking and counting are one write transaction, so concurrent requests never go over the limit together.
    func reserve(source: UpstreamSource, day: String, limit: Int, now: Date) async throws -> CallReservation {
        try await database.write { db in
            if let stop = try Stop.fetchOne(
                db, sql: "SELECT blocked_until, reason FROM upstream_quota WHERE source = ?", arguments: [source.rawValue]),
                stop.blockedUntil > now {
                return .stopped(until: stop.blockedUntil, reason: stop.reason)
            }
            let count = try Int.fetchOne(
                db, sql: "SELECT count FROM upstream_calls WHERE source = ? AND day = ?", arguments: [source.rawValue, day]) ?? 0
            guard count < limit else { return .limitReached }
            try db.execute(
                sql: """
                    INSERT INTO upstream_calls (source, day, count) VALUES (?, ?, 1)
                    ON CONFLICT(source, day) DO UPDATE SET count = count + 1
                    """,
                arguments: [source.rawValue, day])
            return .counted(left: limit - count - 1)
        }
    }

    /// Keeps a stop upstream asked for, replacing any earlier one.
    func stop(_ source: UpstreamSource, until: Date, reason: String) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO upstream_quota (source, blocked_until, reason) VALUES (?, ?, ?)
                    ON CONFLICT(source) DO UPDATE SET blocked_until = excluded.blocked_until, reason = excluded.reason
                    """,
                arguments: [source.rawValue, until.timeIntervalSince1970, reason])
        }
    }

    private struct Stop: Decodable, FetchableRecord {
        /// Seconds since 1970, which GRDB reads as a date.
        var blockedUntil: Date
        var reason: String

        enum CodingKeys: String, CodingKey {
            case blockedUntil = "blocked_until", reason
        }
    }
}
