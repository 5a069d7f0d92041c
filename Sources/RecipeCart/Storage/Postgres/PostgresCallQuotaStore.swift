import Foundation
import PostgresNIO

/// The upstream quota in PostgreSQL: one count for every instance, checked and counted in one statement.
struct PostgresCallQuotaStore: CallQuotaStore {
    let database: PostgresDatabase

    func reserve(source: UpstreamSource, day: String, limit: Int, now: Date) async throws -> CallReservation {
        try await database.write { connection in
            if let (until, reason) = try await connection.row(
                "SELECT blocked_until, reason FROM upstream_quota WHERE source = \(source.rawValue)", as: (Double, String).self),
                until > now.timeIntervalSince1970 {
                return .stopped(until: Date(timeIntervalSince1970: until), reason: reason)
            }
            guard limit > 0 else { return .limitReached }
            // The row is counted only while under the limit; concurrent reservations queue on its row lock.
            let counted = try await connection.values(
                """
                INSERT INTO upstream_calls (source, day, count) VALUES (\(source.rawValue), \(day), 1)
                ON CONFLICT (source, day) DO UPDATE SET count = upstream_calls.count + 1 WHERE upstream_calls.count < \(limit)
                RETURNING count
                """,
                as: Int.self
            ).first
            return counted.map { .counted(left: limit - $0) } ?? .limitReached
        }
    }

    func stop(_ source: UpstreamSource, until: Date, reason: String) async throws {
        try await database.write { connection in
            try await connection.run(
                """
                INSERT INTO upstream_quota (source, blocked_until, reason) VALUES (\(source.rawValue), \(until.timeIntervalSince1970), \(reason))
                ON CONFLICT (source) DO UPDATE SET blocked_until = excluded.blocked_until, reason = excluded.reason
                """)
        }
    }
}
