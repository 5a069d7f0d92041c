import Foundation
import RecipeCartDomain

/// Cart undo: one snapshot a session, the lines exactly as they were (quantity, servings, order, timer), their times
/// as the table keeps them (`StoredTime`). PostgreSQL's `cart_changes` function keeps a single line's removal in the
/// same JSON.
package enum SQLCartUndo {
    /// One line as the snapshot's JSON keeps it.
    private struct Line: Codable {
        var recipe: String
        var quantity: Int
        /// Absent from snapshots kept before lines had servings.
        var servings: Int?
        var position: Int
        var addedAt: StoredTime?
        var cookingStartedAt: StoredTime?
        var cookingMinutes: Int?
    }

    /// The lines a change is about to take: one recipe's, or with nil the whole cart's.
    package static func lines(of session: SessionKey, recipe: RecipeID? = nil) -> SQLStatement {
        let only: SQLStatement = recipe.map { " AND recipe_id = \($0.rawValue)" } ?? ""
        return """
            SELECT recipe_id, quantity, servings, position, added_at, cooking_started_at, cooking_minutes
            FROM cart_items WHERE session_hash = \(session.hash)\(only) ORDER BY position, added_at, recipe_id
            """
    }

    /// What keeps `rows` (as `lines` selects them), replacing any older snapshot of the session, and the undo it
    /// offers; nil when there are no lines to keep.
    package static func keep(
        _ rows: [SQLRow], kind: CartUndo.Kind, session: SessionKey, at now: Date
    ) throws -> (statement: SQLStatement, undo: CartUndo)? {
        let lines = try rows.map { row in
            Line(
                recipe: try row.value(at: 0), quantity: try row.value(at: 1), servings: try row.value(at: 2),
                position: try row.value(at: 3), addedAt: try row.value(at: 4), cookingStartedAt: try row.value(at: 5),
                cookingMinutes: try row.value(at: 6))
        }
        guard !lines.isEmpty else { return nil }
        let token = RandomToken.make()
        let json = String(decoding: try JSONEncoder().encode(lines), as: UTF8.self)
        let statement: SQLStatement = """
            INSERT INTO cart_undo (session_hash, token, kind, lines_json, created_at)
            VALUES (\(session.hash), \(token), \(kind.rawValue), \(json), \(now.timeIntervalSince1970))
            ON CONFLICT (session_hash) DO UPDATE SET
                token = excluded.token, kind = excluded.kind, lines_json = excluded.lines_json, created_at = excluded.created_at
            """
        return (statement, CartUndo(token: token, kind: kind, recipeIDs: lines.compactMap { RecipeID($0.recipe) }))
    }

    /// Keeps the whole cart about to be cleared. - Returns: the undo it kept, or nil when the cart was empty.
    @discardableResult
    package static func saveCart(on connection: any SQLConnection, session: SessionKey, at now: Date) async throws
        -> CartUndo?
    {
        let rows = try await connection.rows(lines(of: session))
        guard let (statement, undo) = try keep(rows, kind: .clear, session: session, at: now) else { return nil }
        try await connection.execute(statement)
        return undo
    }

    /// The undo still offered: none once a line of the cart changed after it, since the shopper has moved on.
    package static func fetch(on connection: any SQLConnection, session: SessionKey, newerThan oldest: Date)
        async throws -> CartUndo?
    {
        try await connection.row(
            """
            SELECT token, kind, lines_json FROM cart_undo u
            WHERE session_hash = \(session.hash) AND created_at > \(oldest.timeIntervalSince1970)
            AND NOT EXISTS (
                SELECT 1 FROM cart_items c
                WHERE c.session_hash = u.session_hash AND \(raw: connection.dialect.lineChanged(after: "u.created_at")))
            """,
            as: Snapshot.self)?.undo
    }

    /// Puts back exactly the lines the snapshot under `token` kept. - Returns: nil when there is none.
    package static func restore(
        on connection: any SQLConnection, token: String, session: SessionKey, newerThan oldest: Date, at now: Date
    ) async throws -> CartUndo? {
        guard
            let snapshot = try await connection.row(
                """
                SELECT token, kind, lines_json FROM cart_undo
                WHERE session_hash = \(session.hash) AND token = \(token) AND created_at > \(oldest.timeIntervalSince1970)
                """,
                as: Snapshot.self),
            let undo = snapshot.undo
        else { return nil }
        let time = connection.dialect.updatedAt(now)
        for line in snapshot.lines {
            try await connection.execute(
                """
                INSERT INTO cart_items
                    (session_hash, recipe_id, quantity, servings, position, added_at, updated_at, cooking_started_at, cooking_minutes)
                VALUES (\(session.hash), \(line.recipe), \(line.quantity), \(line.servings), \(line.position),
                        COALESCE(\(line.addedAt), \(time)), \(time), \(line.cookingStartedAt), \(line.cookingMinutes))
                ON CONFLICT (session_hash, recipe_id) DO UPDATE SET
                    quantity = excluded.quantity, servings = excluded.servings, position = excluded.position, added_at = excluded.added_at,
                    updated_at = \(time), cooking_started_at = excluded.cooking_started_at,
                    cooking_minutes = excluded.cooking_minutes
                """)
        }
        try await connection.execute("DELETE FROM cart_undo WHERE session_hash = \(session.hash)")
        try await connection.execute(
            "UPDATE sessions SET last_seen_at = \(connection.dialect.sessionTime(now)) WHERE id_hash = \(session.hash)")
        return undo
    }

    private struct Snapshot: SQLRecord {
        var token: String
        var kind: String
        var lines: [Line]

        init(row: SQLRow) throws {
            token = try row.value(at: 0)
            kind = try row.value(at: 1)
            lines = try JSONDecoder().decode([Line].self, from: Data(try row.value(at: 2, as: String.self).utf8))
        }

        /// Nil for a kind this version does not know, which it cannot offer to undo.
        var undo: CartUndo? {
            CartUndo.Kind(rawValue: kind).map {
                CartUndo(token: token, kind: $0, recipeIDs: lines.compactMap { RecipeID($0.recipe) })
            }
        }
    }
}

extension SQLDialect {
    /// Whether a cart line `c` changed after `instant` (seconds since 1970). SQLite's line times are text to the
    /// millisecond, read back through `julianday`: a millisecond's margin keeps a line written in the same instant
    /// from counting as later.
    package func lineChanged(after instant: String) -> String {
        self == .sqlite
            ? "(julianday(c.updated_at) - 2440587.5) * 86400.0 > \(instant) + 0.001" : "c.updated_at > \(instant)"
    }

    /// What a cart line's own time (`cooking_started_at`) or a session's time compared in a statement is written as:
    /// SQLite's text timestamp, PostgreSQL's seconds since 1970.
    package func storedTime(_ date: Date) -> StoredTime {
        StoredTime(date, on: self)
    }
}
