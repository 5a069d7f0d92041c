import Foundation
import RecipeCartDomain

/// Moves everything a session stored to a new id inside the write that needs it, in plain SQL both databases run: the
/// new sessions row copies the old, every table keyed by the session follows, and the old row goes, so the old id,
/// which someone may have planted, is left with nothing. PostgreSQL's foreign keys allow it: each row moves to an id
/// that exists already. SQLite's stepper post runs the same statements on its own connection (`SessionHandover`).
///
/// Only the tables holding a row of the session are updated. SQLite runs an `UPDATE` of the column it finds the rows by,
/// and an `INSERT … SELECT` from the table it inserts into, through a temporary table it builds even when there is
/// nothing to copy: the profile of sending an order put about half of what renewing the session cost in allocating and
/// freeing those.
package enum SQLSessionHandover {
    /// Every table keyed by the session hash, besides `sessions`.
    package static let tables = [
        "cart_items", "cart_undo", "shopper_recipe_edits", "recipe_edit_undos", "cart_have", "cart_shares", "orders",
        "order_changes",
    ]

    /// - Parameter seen: when the session was last seen, written with its new row rather than updated in the old one.
    package static func move(
        from old: SessionKey, to new: SessionKey, seenAt seen: Date, on connection: any SQLConnection
    ) async throws {
        try await connection.execute(newRow(from: old, to: new, seenAt: connection.dialect.sessionTime(seen)))
        for table in try await connection.values(occupiedTables(of: old), as: String.self) {
            try await connection.execute(moveRows(in: table, from: old, to: new))
        }
        try await connection.execute(oldRow(old))
    }

    /// The new id's row, with the old one's start. - Parameter seen: `SQLDialect.sessionTime`.
    package static func newRow(from old: SessionKey, to new: SessionKey, seenAt seen: SQLStatement) -> SQLStatement {
        """
        INSERT INTO sessions (id_hash, created_at, last_seen_at)
        VALUES (\(new.hash), COALESCE((SELECT created_at FROM sessions WHERE id_hash = \(old.hash)), \(seen)), \(seen))
        ON CONFLICT (id_hash) DO NOTHING
        """
    }

    /// The names of the tables holding a row of the session, one a row.
    package static func occupiedTables(of session: SessionKey) -> SQLStatement {
        let exists = { (table: String) -> SQLStatement in
            "SELECT '\(raw: table)' WHERE EXISTS (SELECT 1 FROM \(raw: table) WHERE session_hash = \(session.hash))"
        }
        return tables.dropFirst().reduce(exists(tables[0])) { "\($0) UNION ALL \(exists($1))" }
    }

    package static func moveRows(in table: String, from old: SessionKey, to new: SessionKey) -> SQLStatement {
        "UPDATE \(raw: table) SET session_hash = \(new.hash) WHERE session_hash = \(old.hash)"
    }

    package static func oldRow(_ old: SessionKey) -> SQLStatement {
        "DELETE FROM sessions WHERE id_hash = \(old.hash)"
    }
}
