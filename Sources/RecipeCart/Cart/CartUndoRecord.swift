import Foundation
import GRDB

/// The SQL behind cart undo: one snapshot a session, the lines exactly as they were (quantity, order, timer).
enum CartUndoRecord {
    private struct Line: Codable {
        var recipe: String
        var quantity: Int
        var position: Int
        var addedAt: String?
        var cookingStartedAt: String?
        var cookingMinutes: Int?
    }

    /// Keeps the lines about to go (one recipe's, or the whole cart's), replacing any older snapshot.
    static func save(_ db: Database, kind: CartUndo.Kind, session: SessionKey, recipe: RecipeID? = nil) throws {
        var sql = """
            SELECT recipe_id, quantity, position, added_at, cooking_started_at, cooking_minutes
            FROM cart_items WHERE session_hash = ?
            """
        var arguments: StatementArguments = [session.hash]
        if let recipe {
            sql += " AND recipe_id = ?"
            arguments += [recipe.rawValue]
        }
        let lines = try Row.fetchAll(db, sql: sql + " ORDER BY position", arguments: arguments).map { row in
            Line(
                recipe: row["recipe_id"], quantity: row["quantity"], position: row["position"], addedAt: row["added_at"],
                cookingStartedAt: row["cooking_started_at"], cookingMinutes: row["cooking_minutes"])
        }
        guard !lines.isEmpty else { return }
        try db.execute(
            sql: """
                INSERT INTO cart_undo (session_hash, token, kind, lines_json, created_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(session_hash) DO UPDATE SET
                    token = excluded.token, kind = excluded.kind, lines_json = excluded.lines_json, created_at = excluded.created_at
                """,
            arguments: [
                session.hash, Base64URL.encode(Data(RandomBytes.make(16))), kind.rawValue,
                String(decoding: try JSONEncoder().encode(lines), as: UTF8.self), Date().timeIntervalSince1970,
            ])
    }

    static func fetch(_ db: Database, session: SessionKey, newerThan oldest: Date) throws -> CartUndo? {
        guard let row = try Row.fetchOne(
            db, sql: "SELECT token, kind, lines_json FROM cart_undo WHERE session_hash = ? AND created_at > ?",
            arguments: [session.hash, oldest.timeIntervalSince1970])
        else { return nil }
        return try undo(row)
    }

    static func restore(_ db: Database, token: String, session: SessionKey, newerThan oldest: Date) throws -> CartUndo? {
        guard let row = try Row.fetchOne(
            db, sql: "SELECT token, kind, lines_json FROM cart_undo WHERE session_hash = ? AND token = ? AND created_at > ?",
            arguments: [session.hash, token, oldest.timeIntervalSince1970]),
            let undo = try undo(row)
        else { return nil }
        for line in try lines(row) {
            try db.execute(
                sql: """
                    INSERT INTO cart_items
                        (session_hash, recipe_id, quantity, position, added_at, updated_at, cooking_started_at, cooking_minutes)
                    VALUES (?, ?, ?, ?, COALESCE(?, CURRENT_TIMESTAMP), CURRENT_TIMESTAMP, ?, ?)
                    ON CONFLICT(session_hash, recipe_id) DO UPDATE SET
                        quantity = excluded.quantity, position = excluded.position, added_at = excluded.added_at,
                        updated_at = CURRENT_TIMESTAMP, cooking_started_at = excluded.cooking_started_at,
                        cooking_minutes = excluded.cooking_minutes
                    """,
                arguments: [
                    session.hash, line.recipe, line.quantity, line.position, line.addedAt, line.cookingStartedAt, line.cookingMinutes,
                ])
        }
        try db.execute(sql: "DELETE FROM cart_undo WHERE session_hash = ?", arguments: [session.hash])
        try db.execute(sql: "UPDATE sessions SET last_seen_at = CURRENT_TIMESTAMP WHERE id_hash = ?", arguments: [session.hash])
        return undo
    }

    private static func lines(_ row: Row) throws -> [Line] {
        try JSONDecoder().decode([Line].self, from: Data((row["lines_json"] as String).utf8))
    }

    private static func undo(_ row: Row) throws -> CartUndo? {
        guard let kind = CartUndo.Kind(rawValue: row["kind"]) else { return nil }
        return CartUndo(token: row["token"], kind: kind, recipeIDs: try lines(row).compactMap { RecipeID($0.recipe) })
    }
}
