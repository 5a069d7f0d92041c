import Foundation
import GRDB
import RecipeCartDomain

/// The SQL behind cart undo: one snapshot a session, the lines exactly as they were (quantity, servings, order, timer).
package enum CartUndoRecord {
    /// One line as the snapshot's JSON keeps it, selected under the same names. The times stay the text SQLite
    /// wrote, so a restored line is exactly the line that went.
    private struct Line: Codable, FetchableRecord {
        package var recipe: String
        package var quantity: Int
        /// Absent from snapshots kept before lines had servings.
        package var servings: Int?
        package var position: Int
        package var addedAt: String?
        package var cookingStartedAt: String?
        package var cookingMinutes: Int?
    }

    /// Keeps the lines about to go (one recipe's, or the whole cart's), replacing any older snapshot.
    /// - Returns: the undo it kept, or nil when there were no lines to keep.
    @discardableResult
    package static func save(
        _ db: Database, kind: CartUndo.Kind, session: SessionKey, recipe: RecipeID? = nil, at now: Date
    )
        throws -> CartUndo?
    {
        var sql = """
            SELECT recipe_id AS recipe, quantity, servings, position, added_at AS addedAt,
                   cooking_started_at AS cookingStartedAt, cooking_minutes AS cookingMinutes
            FROM cart_items WHERE session_hash = ?
            """
        var arguments: StatementArguments = [session.hash]
        if let recipe {
            sql += " AND recipe_id = ?"
            arguments += [recipe.rawValue]
        }
        let lines = try Line.fetchAll(db, sql: sql + " ORDER BY position", arguments: arguments)
        guard !lines.isEmpty else { return nil }
        let token = RandomToken.make()
        try db.execute(
            sql: """
                INSERT INTO cart_undo (session_hash, token, kind, lines_json, created_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(session_hash) DO UPDATE SET
                    token = excluded.token, kind = excluded.kind, lines_json = excluded.lines_json, created_at = excluded.created_at
                """,
            arguments: [
                session.hash, token, kind.rawValue,
                String(decoding: try JSONEncoder().encode(lines), as: UTF8.self), now.timeIntervalSince1970,
            ])
        return CartUndo(token: token, kind: kind, recipeIDs: lines.compactMap { RecipeID($0.recipe) })
    }

    /// The undo still offered: none once a line of the cart changed after it, since the shopper has moved on. A
    /// line's time is text to the millisecond, read back through `julianday`: a millisecond's margin keeps a line
    /// written in the same instant from counting as later.
    package static func fetch(_ db: Database, session: SessionKey, newerThan oldest: Date) throws -> CartUndo? {
        try Snapshot.fetchOne(
            db,
            sql: """
                SELECT token, kind, lines_json FROM cart_undo u WHERE session_hash = ? AND created_at > ?
                AND NOT EXISTS (
                    SELECT 1 FROM cart_items c
                    WHERE c.session_hash = u.session_hash
                        AND (julianday(c.updated_at) - 2440587.5) * 86400.0 > u.created_at + 0.001)
                """,
            arguments: [session.hash, oldest.timeIntervalSince1970]
        )?.undo
    }

    package static func restore(_ db: Database, token: String, session: SessionKey, newerThan oldest: Date) throws
        -> CartUndo?
    {
        guard
            let snapshot = try Snapshot.fetchOne(
                db,
                sql:
                    "SELECT token, kind, lines_json FROM cart_undo WHERE session_hash = ? AND token = ? AND created_at > ?",
                arguments: [session.hash, token, oldest.timeIntervalSince1970]),
            let undo = snapshot.undo
        else { return nil }
        for line in snapshot.lines {
            try db.execute(
                sql: """
                    INSERT INTO cart_items
                        (session_hash, recipe_id, quantity, servings, position, added_at, updated_at, cooking_started_at, cooking_minutes)
                    VALUES (?, ?, ?, ?, ?, COALESCE(?, app_now()), app_now(), ?, ?)
                    ON CONFLICT(session_hash, recipe_id) DO UPDATE SET
                        quantity = excluded.quantity, servings = excluded.servings, position = excluded.position, added_at = excluded.added_at,
                        updated_at = app_now(), cooking_started_at = excluded.cooking_started_at,
                        cooking_minutes = excluded.cooking_minutes
                    """,
                arguments: [
                    session.hash, line.recipe, line.quantity, line.servings, line.position, line.addedAt,
                    line.cookingStartedAt, line.cookingMinutes,
                ])
        }
        try db.execute(sql: "DELETE FROM cart_undo WHERE session_hash = ?", arguments: [session.hash])
        try db.execute(sql: "UPDATE sessions SET last_seen_at = app_now() WHERE id_hash = ?", arguments: [session.hash])
        return undo
    }

    private struct Snapshot: Decodable, FetchableRecord {
        package var token: String
        package var kind: String
        /// A JSON array, which GRDB decodes for a column whose type is not a plain value.
        package var lines: [Line]

        package enum CodingKeys: String, CodingKey {
            case token
            case kind
            case lines = "lines_json"
        }

        /// Nil for a kind this version does not know, which it cannot offer to undo.
        package var undo: CartUndo? {
            CartUndo.Kind(rawValue: kind).map {
                CartUndo(token: token, kind: $0, recipeIDs: lines.compactMap { RecipeID($0.recipe) })
            }
        }
    }
}
