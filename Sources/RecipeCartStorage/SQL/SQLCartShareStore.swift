import Foundation
import RecipeCartContracts
import RecipeCartDomain

/// Read-only cart links, one a session at most.
package struct SQLCartShareStore: CartShareStore {
    package let database: any SQLRunner
    package let clock: AppClock

    package func share(session: SessionKey, token: String) async throws {
        let now = clock.now().timeIntervalSince1970
        try await database.write { connection in
            try await connection.lockSession(session)
            try await connection.execute("DELETE FROM cart_shares WHERE session_hash = \(session.hash)")
            try await connection.execute(
                "INSERT INTO cart_shares (token, session_hash, created_at) VALUES (\(token), \(session.hash), \(now))")
        }
    }

    package func revoke(session: SessionKey) async throws {
        try await database.write { connection in
            try await connection.execute("DELETE FROM cart_shares WHERE session_hash = \(session.hash)")
        }
    }

    package func token(session: SessionKey) async throws -> String? {
        try await database.read { connection in
            try await connection.value(
                "SELECT token FROM cart_shares WHERE session_hash = \(session.hash)", as: String.self)
        }
    }

    package func session(sharedAs token: String) async throws -> SessionKey? {
        try await database.read { connection in
            try await connection.value("SELECT session_hash FROM cart_shares WHERE token = \(token)", as: String.self)
        }.map(SessionKey.init(storedHash:))
    }
}
