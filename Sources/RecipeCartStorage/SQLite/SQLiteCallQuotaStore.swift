import Foundation
import GRDB
import RecipeCartDomain

/// The upstream budget in points a UTC day per source, and the stops upstream asked for, for `CallQuota`.
package struct SQLiteCallQuotaStore: CallQuotaStore {
    package let database: SQLiteDatabase

    /// Checking and spending are one write transaction, so concurrent requests never go over the budget together.
    package func reserve(source: UpstreamSource, day: String, cost: Double, limit: Int, now: Date) async throws
        -> CallReservation
    {
        try await database.write { db in
            if let stop = try Stop.fetchOne(
                db, sql: "SELECT blocked_until, reason FROM upstream_quota WHERE source = ?",
                arguments: [source.rawValue]),
                stop.blockedUntil > now
            {
                return .stopped(until: stop.blockedUntil, reason: stop.reason)
            }
            let spent = try Spent.fetch(db, source: source, day: day)
            let budget = PointsUsage.budget(limit: limit, apiTotal: spent.apiPoints)
            guard spent.points + cost <= budget else { return .limitReached }
            try db.execute(
                sql: """
                    INSERT INTO upstream_calls (source, day, count, points) VALUES (?, ?, 1, ?)
                    ON CONFLICT(source, day) DO UPDATE SET count = count + 1, points = points + excluded.points
                    """,
                arguments: [source.rawValue, day, cost])
            return .counted(left: budget - spent.points - cost)
        }
    }

    package func settle(source: UpstreamSource, day: String, kind: String, reserved: Double, report: QuotaReport)
        async throws
    {
        try await database.write { db in
            // The right-hand sides all read the row as it was. The API's total is its used + left; without its used,
            // ours after this call stands in.
            try db.execute(
                sql: """
                    UPDATE upstream_calls SET
                        points = max(points + :delta, :used, 0),
                        api_points = CASE
                            WHEN :left IS NULL THEN api_points
                            WHEN :reportedUsed IS NULL THEN max(points + :delta, 0) + :left
                            ELSE :reportedUsed + :left END
                    WHERE source = :source AND day = :day
                    """,
                arguments: [
                    "delta": (report.cost ?? reserved) - reserved, "used": report.used ?? 0,
                    "reportedUsed": report.used,
                    "left": report.left, "source": source.rawValue, "day": day,
                ])
            guard let cost = report.cost else { return }
            try db.execute(
                sql: """
                    INSERT INTO upstream_costs (source, kind, points) VALUES (?, ?, ?)
                    ON CONFLICT(source, kind) DO UPDATE SET points = excluded.points
                    """,
                arguments: [source.rawValue, kind, cost])
        }
    }

    package func lastCost(source: UpstreamSource, kind: String) async throws -> Double? {
        try await database.read { db in
            try Double.fetchOne(
                db, sql: "SELECT points FROM upstream_costs WHERE source = ? AND kind = ?",
                arguments: [source.rawValue, kind])
        }
    }

    package func usage(source: UpstreamSource, day: String, limit: Int) async throws -> PointsUsage {
        let spent = try await database.read { db in try Spent.fetch(db, source: source, day: day) }
        return PointsUsage(used: spent.points, limit: limit, apiTotal: spent.apiPoints)
    }

    /// Keeps a stop upstream asked for, replacing any earlier one.
    package func stop(_ source: UpstreamSource, until: Date, reason: String) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO upstream_quota (source, blocked_until, reason) VALUES (?, ?, ?)
                    ON CONFLICT(source) DO UPDATE SET blocked_until = excluded.blocked_until, reason = excluded.reason
                    """,
                arguments: [source.rawValue, until.timeIntervalSince1970, reason])
        }
    }

    /// A day's row of `upstream_calls`, or nothing spent yet.
    private struct Spent: Decodable, FetchableRecord {
        package var points: Double
        package var apiPoints: Double?

        package enum CodingKeys: String, CodingKey {
            case points
            case apiPoints = "api_points"
        }

        package static func fetch(_ db: Database, source: UpstreamSource, day: String) throws -> Spent {
            try fetchOne(
                db, sql: "SELECT points, api_points FROM upstream_calls WHERE source = ? AND day = ?",
                arguments: [source.rawValue, day])
                ?? Spent(points: 0, apiPoints: nil)
        }
    }

    private struct Stop: Decodable, FetchableRecord {
        /// Seconds since 1970, which GRDB reads as a date.
        package var blockedUntil: Date
        package var reason: String

        package enum CodingKeys: String, CodingKey {
            case blockedUntil = "blocked_until"
            case reason
        }
    }
}
