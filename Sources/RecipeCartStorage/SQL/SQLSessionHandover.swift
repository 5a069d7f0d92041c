import RecipeCartDomain

/// Moves everything a session stored to a new id inside the write that needs it, in plain SQL both databases run: the
/// new sessions row copies the old, every table keyed by the session follows, and the old row goes, so the old id,
/// which someone may have planted, is left with nothing. PostgreSQL's foreign keys allow it: each row moves to an id
/// that exists already. SQLite's stepper post moves a session the same way on its own connection (`SessionHandover`).
package enum SQLSessionHandover {
    /// Every table keyed by the session hash, besides `sessions`.
    package static let tables = [
        "cart_items", "cart_undo", "shopper_recipe_edits", "recipe_edit_undos", "cart_have", "cart_shares", "orders",
        "order_changes",
    ]

    package static func move(from old: SessionKey, to new: SessionKey, on connection: any SQLConnection) async throws {
        try await connection.execute(
            """
            INSERT INTO sessions (id_hash, created_at, last_seen_at)
            SELECT \(new.hash), created_at, last_seen_at FROM sessions WHERE id_hash = \(old.hash)
            ON CONFLICT (id_hash) DO NOTHING
            """)
        for table in tables {
            try await connection.execute(
                "UPDATE \(raw: table) SET session_hash = \(new.hash) WHERE session_hash = \(old.hash)")
        }
        try await connection.execute("DELETE FROM sessions WHERE id_hash = \(old.hash)")
    }
}
