import GRDB
import RecipeCartDomain

/// Moves everything a session stored to a new session id, inside the write that needs the new id: the old id,
/// which someone may have planted, is left with nothing. The stepper post's own connection's way of
/// `SQLSessionHandover`, over the same tables.
package enum SessionHandover {
    package static func move(_ db: Database, from old: SessionKey, to new: SessionKey) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO sessions (id_hash, created_at, last_seen_at) SELECT ?, created_at, app_now() FROM sessions
                WHERE id_hash = ? ON CONFLICT (id_hash) DO NOTHING
                """
        ).execute(arguments: [new.hash, old.hash])
        for table in SQLSessionHandover.tables {
            try db.cachedStatement(sql: "UPDATE \(table) SET session_hash = ? WHERE session_hash = ?")
                .execute(arguments: [new.hash, old.hash])
        }
        try db.cachedStatement(sql: "DELETE FROM sessions WHERE id_hash = ?").execute(arguments: [old.hash])
    }
}
