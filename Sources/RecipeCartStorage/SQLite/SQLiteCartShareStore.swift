import Foundation
import GRDB
import RecipeCartDomain

/// Read-only cart links in the SQLite file.
package struct SQLiteCartShareStore: CartShareStore {
    package let database: SQLiteDatabase
    package let clock: AppClock

    package func share(session: SessionKey, token: String) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM cart_shares WHERE session_hash = ?", arguments: [session.hash])
            try db.execute(
                sql: "INSERT INTO cart_shares (token, session_hash, created_at) VALUES (?, ?, ?)",
                arguments: [token, session.hash, clock.now().timeIntervalSince1970])
        }
    }

    package func revoke(session: SessionKey) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM cart_shares WHERE session_hash = ?", arguments: [session.hash])
        }
    }

    package func token(session: SessionKey) async throws -> String? {
        try await database.read { db in
            try String.fetchOne(
                db, sql: "SELECT token FROM cart_shares WHERE session_hash = ?", arguments: [session.hash])
        }
    }

    package func session(sharedAs token: String) async throws -> SessionKey? {
        try await database.read { db in
            try String.fetchOne(db, sql: "SELECT session_hash FROM cart_shares WHERE token = ?", arguments: [token])
                .map(SessionKey.init(storedHash:))
        }
    }
}
