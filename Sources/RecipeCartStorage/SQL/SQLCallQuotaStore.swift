import Foundation
import RecipeCartContracts
import RecipeCartDomain

/// The upstream budget in points a UTC day per source, and the stops upstream asked for, for `CallQuota`: one count
/// for every instance, checked and spent in one statement.
package struct SQLCallQuotaStore: CallQuotaStore {
    package let database: any SQLRunner

    package func reserve(source: UpstreamSource, day: String, cost: Double, limit: Int, now: Date) async throws
        -> CallReservation
    {
        try await database.write { connection in
            if let (until, reason) = try await connection.row(
                "SELECT blocked_until, reason FROM upstream_quota WHERE source = \(source.rawValue)",
                as: (Date, String).self),
                until > now
            {
                return .stopped(until: until, reason: reason)
            }
            let limitPoints = Double(limit)
            guard cost <= limitPoints else { return .limitReached }
            // The row is spent only while the points fit, in one statement: on PostgreSQL concurrent reservations
            // queue on the row's lock, on SQLite on the one writer.
            let least = connection.dialect.least
            let spent = try await connection.row(
                """
                INSERT INTO upstream_calls (source, day, count, points) VALUES (\(source.rawValue), \(day), 1, \(cost))
                ON CONFLICT (source, day) DO UPDATE
                SET count = upstream_calls.count + 1, points = upstream_calls.points + excluded.points
                WHERE upstream_calls.points + excluded.points
                    <= \(raw: least)(\(limitPoints), COALESCE(upstream_calls.api_points, \(limitPoints)))
                RETURNING points, api_points
                """,
                as: (Double, Double?).self)
            return spent.map { .counted(left: PointsUsage.budget(limit: limit, apiTotal: $0.1) - $0.0) }
                ?? .limitReached
        }
    }

    package func settle(source: UpstreamSource, day: String, kind: String, reserved: Double, report: QuotaReport)
        async throws
    {
        let delta = (report.cost ?? reserved) - reserved
        try await database.write { connection in
            let greatest = connection.dialect.greatest
            // The right-hand sides all read the row as it was. The API's total is its used + left; without its used,
            // ours after this call stands in. A missing value is a NULL of no type to PostgreSQL, hence the casts.
            let left: SQLStatement = "CAST(\(report.left) AS DOUBLE PRECISION)"
            let used: SQLStatement = "CAST(\(report.used) AS DOUBLE PRECISION)"
            try await connection.execute(
                """
                UPDATE upstream_calls SET
                    points = \(raw: greatest)(points + \(delta), \(report.used ?? 0), 0),
                    api_points = CASE
                        WHEN \(left) IS NULL THEN api_points
                        WHEN \(used) IS NULL THEN \(raw: greatest)(points + \(delta), 0) + \(left)
                        ELSE \(used) + \(left) END
                WHERE source = \(source.rawValue) AND day = \(day)
                """)
            guard let cost = report.cost else { return }
            try await connection.execute(
                """
                INSERT INTO upstream_costs (source, kind, points) VALUES (\(source.rawValue), \(kind), \(cost))
                ON CONFLICT (source, kind) DO UPDATE SET points = excluded.points
                """)
        }
    }

    package func lastCost(source: UpstreamSource, kind: String) async throws -> Double? {
        try await database.read { connection in
            try await connection.value(
                "SELECT points FROM upstream_costs WHERE source = \(source.rawValue) AND kind = \(kind)",
                as: Double.self)
        }
    }

    package func usage(source: UpstreamSource, day: String, limit: Int) async throws -> PointsUsage {
        let spent = try await database.read { connection in
            try await connection.row(
                "SELECT points, api_points FROM upstream_calls WHERE source = \(source.rawValue) AND day = \(day)",
                as: (Double, Double?).self)
        }
        return PointsUsage(used: spent?.0 ?? 0, limit: limit, apiTotal: spent?.1 ?? nil)
    }

    package func stop(_ source: UpstreamSource, until: Date, reason: String) async throws {
        try await database.write { connection in
            try await connection.execute(
                """
                INSERT INTO upstream_quota (source, blocked_until, reason)
                VALUES (\(source.rawValue), \(until.timeIntervalSince1970), \(reason))
                ON CONFLICT (source) DO UPDATE SET blocked_until = excluded.blocked_until, reason = excluded.reason
                """)
        }
    }
}
