import Foundation
import PostgresNIO
import RecipeCartDomain

/// Staff sign-ins in PostgreSQL, so a sign-in on one instance holds on every other, and signing out ends it on all.
package struct PostgresStaffSessionStore: StaffSessionStore {
    package let database: PostgresDatabase
    package let clock: AppClock

    package func create(_ key: SessionKey, tokenDigest: String, expiresAt: Date) async throws {
        let now = clock.now().timeIntervalSince1970
        try await database.write { connection in
            try await connection.run(
                """
                INSERT INTO staff_sessions (id_hash, token_digest, expires_at) VALUES (\(key.hash), \(tokenDigest), \(expiresAt.timeIntervalSince1970))
                """)
            try await connection.run("DELETE FROM staff_sessions WHERE expires_at < \(now)")
        }
    }

    package func isActive(_ key: SessionKey, tokenDigest: String) async throws -> Bool {
        let now = clock.now().timeIntervalSince1970
        return try await database.read { connection in
            try await !connection.values(
                "SELECT 1 FROM staff_sessions WHERE id_hash = \(key.hash) AND token_digest = \(tokenDigest) AND expires_at > \(now)",
                as: Int.self
            ).isEmpty
        }
    }

    package func end(_ key: SessionKey) async throws {
        try await database.write { connection in
            try await connection.run("DELETE FROM staff_sessions WHERE id_hash = \(key.hash)")
        }
    }
}
