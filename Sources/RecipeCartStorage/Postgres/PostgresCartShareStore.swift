import Foundation
import PostgresNIO
import RecipeCartDomain

/// Read-only cart links in PostgreSQL.
package struct PostgresCartShareStore: CartShareStore {
    package let database: PostgresDatabase
    package let clock: AppClock

    package func share(session: SessionKey, token: String) async throws {
        let now = clock.now().timeIntervalSince1970
        try await database.write { connection in
            try await PostgresCartStore.lock(connection, session)
            try await connection.run("DELETE FROM cart_shares WHERE session_hash = \(session.hash)")
            try await connection.run(
                "INSERT INTO cart_shares (token, session_hash, created_at) VALUES (\(token), \(session.hash), \(now))")
        }
    }

    package func revoke(session: SessionKey) async throws {
        try await database.write { connection in
            try await connection.run("DELETE FROM cart_shares WHERE session_hash = \(session.hash)")
        }
    }

    package func token(session: SessionKey) async throws -> String? {
        try await database.read { connection in
            try await connection.values(
                "SELECT token FROM cart_shares WHERE session_hash = \(session.hash)", as: String.self
            ).first
        }
    }

    package func session(sharedAs token: String) async throws -> SessionKey? {
        try await database.read { connection in
            try await connection.values("SELECT session_hash FROM cart_shares WHERE token = \(token)", as: String.self)
                .first
        }.map(SessionKey.init(storedHash:))
    }
}
