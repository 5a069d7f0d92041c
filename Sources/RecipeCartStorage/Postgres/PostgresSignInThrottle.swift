import Foundation
import PostgresNIO
import RecipeCartContracts

/// Staff sign-in tries counted in PostgreSQL, so a client guessing through N instances gets the same five tries a
/// minute as through one. A client's tries are judged under its advisory lock, one at a time.
package struct PostgresSignInThrottle: SignInThrottle {
    package let database: PostgresDatabase

    package func reserve(for client: String, now: Date) async throws -> Int? {
        let time = now.timeIntervalSince1970
        return try await database.write { connection in
            try await connection.run("SELECT pg_advisory_xact_lock(hashtext(\("sign-in \(client)")))")
            try await connection.run("DELETE FROM sign_in_tries WHERE tried_at <= \(time - SignInLimit.window)")
            let recent = try await connection.values(
                "SELECT tried_at FROM sign_in_tries WHERE client = \(client) ORDER BY tried_at", as: Double.self)
            if recent.count >= SignInLimit.maximumFailures, let oldest = recent.first {
                return SignInLimit.wait(oldest: Date(timeIntervalSince1970: oldest), now: now)
            }
            try await connection.run("INSERT INTO sign_in_tries (client, tried_at) VALUES (\(client), \(time))")
            return nil
        }
    }

    package func release(for client: String, reservedAt: Date) async throws {
        try await database.write { connection in
            try await connection.run(
                """
                DELETE FROM sign_in_tries WHERE ctid IN (
                    SELECT ctid FROM sign_in_tries WHERE client = \(client) AND tried_at = \(reservedAt.timeIntervalSince1970) LIMIT 1)
                """)
        }
    }
}
