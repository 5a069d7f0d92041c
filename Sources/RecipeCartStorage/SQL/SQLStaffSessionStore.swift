import Foundation
import RecipeCartContracts
import RecipeCartDomain

/// Staff sign-ins kept on the server, so signing out ends a session even for a copied cookie, and on PostgreSQL a
/// sign-in on one instance holds on every other. Only a hash of the cookie's id is stored, with the digest of the
/// token it was made under: changing the staff token ends every staff session. A session that ends here ends its
/// boards' streams too: they hear of it through `boardChanges` and check their own sessions again.
package struct SQLStaffSessionStore: StaffSessionStore {
    package let database: any SQLRunner
    package let clock: AppClock
    package let boardChanges: BoardChanges

    package func create(_ key: SessionKey, tokenDigest: String, expiresAt: Date) async throws {
        let now = clock.now().timeIntervalSince1970
        try await database.write { connection in
            try await connection.execute(
                """
                INSERT INTO staff_sessions (id_hash, token_digest, expires_at)
                VALUES (\(key.hash), \(tokenDigest), \(expiresAt.timeIntervalSince1970))
                """)
            try await connection.execute("DELETE FROM staff_sessions WHERE expires_at < \(now)")
        }
    }

    package func isActive(_ key: SessionKey, tokenDigest: String) async throws -> Bool {
        let now = clock.now().timeIntervalSince1970
        return try await database.read { connection in
            try await connection.row(
                """
                SELECT 1 FROM staff_sessions WHERE id_hash = \(key.hash) AND token_digest = \(tokenDigest)
                AND expires_at > \(now)
                """) != nil
        }
    }

    package func end(_ key: SessionKey) async throws {
        let ended = try await database.write { connection in
            try await connection.execute("DELETE FROM staff_sessions WHERE id_hash = \(key.hash)")
        }
        if ended > 0 { boardChanges.signedOut() }
    }
}
