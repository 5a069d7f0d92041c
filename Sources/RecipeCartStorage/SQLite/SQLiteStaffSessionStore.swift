import Foundation
import GRDB
import RecipeCartDomain

/// Staff sign-ins kept on the server, so signing out ends a session even for a copied cookie.
/// Only a hash of the cookie's id is stored, with the digest of the token it was made under:
/// changing the staff token ends every staff session.
public struct SQLiteStaffSessionStore: StaffSessionStore {
    package let database: SQLiteDatabase
    package let clock: AppClock

    public init(database: SQLiteDatabase, clock: AppClock = .system) {
        self.database = database
        self.clock = clock
    }

    public func create(_ key: SessionKey, tokenDigest: String, expiresAt: Date) async throws {
        let now = clock.now()
        return try await database.write { db in
            try db.execute(
                sql: "INSERT INTO staff_sessions (id_hash, token_digest, expires_at) VALUES (?, ?, ?)",
                arguments: [key.hash, tokenDigest, expiresAt.timeIntervalSince1970])
            try db.execute(
                sql: "DELETE FROM staff_sessions WHERE expires_at < ?", arguments: [now.timeIntervalSince1970])
        }
    }

    public func isActive(_ key: SessionKey, tokenDigest: String) async throws -> Bool {
        let now = clock.now()
        return try await database.read { db in
            try Bool.fetchOne(
                db, sql: "SELECT 1 FROM staff_sessions WHERE id_hash = ? AND token_digest = ? AND expires_at > ?",
                arguments: [key.hash, tokenDigest, now.timeIntervalSince1970]) ?? false
        }
    }

    public func end(_ key: SessionKey) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM staff_sessions WHERE id_hash = ?", arguments: [key.hash])
        }
    }
}
