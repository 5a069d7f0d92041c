import Foundation
import PostgresNIO
import RecipeCartDomain

/// Cart undo in PostgreSQL: one snapshot a session, the lines exactly as they were (quantity, servings, order, timer).
package enum PostgresCartUndo {
    /// One line as the snapshot's JSON keeps it.
    private struct Line: Codable {
        package var recipe: String
        package var quantity: Int
        /// Absent from snapshots kept before lines had servings.
        package var servings: Int?
        package var position: Int
        package var addedAt: Double
        package var cookingStartedAt: Double?
        package var cookingMinutes: Int?
    }

    /// Keeps the whole cart about to be cleared, replacing any older snapshot. One line's removal is kept by the
    /// `cart_changes` function (`PostgresCartChanges`), in the same JSON.
    /// - Returns: the undo it kept, or nil when there were no lines to keep.
    @discardableResult
    package static func saveCart(_ connection: PostgresConnection, session: SessionKey, at now: Date) async throws
        -> CartUndo?
    {
        let kind = CartUndo.Kind.clear
        let lines = try await connection.rows(
            """
            SELECT recipe_id, quantity, servings, position, added_at, cooking_started_at, cooking_minutes FROM cart_items
            WHERE session_hash = \(session.hash)
            ORDER BY position, added_at, recipe_id
            """,
            as: (String, Int, Int?, Int, Double, Double?, Int?).self
        ).map {
            Line(
                recipe: $0.0, quantity: $0.1, servings: $0.2, position: $0.3, addedAt: $0.4, cookingStartedAt: $0.5,
                cookingMinutes: $0.6)
        }
        guard !lines.isEmpty else { return nil }
        let token = RandomToken.make()
        let json = String(decoding: try JSONEncoder().encode(lines), as: UTF8.self)
        try await connection.run(
            """
            INSERT INTO cart_undo (session_hash, token, kind, lines_json, created_at)
            VALUES (\(session.hash), \(token), \(kind.rawValue), \(json), \(now.timeIntervalSince1970))
            ON CONFLICT (session_hash) DO UPDATE SET
                token = excluded.token, kind = excluded.kind, lines_json = excluded.lines_json, created_at = excluded.created_at
            """)
        return CartUndo(token: token, kind: kind, recipeIDs: lines.compactMap { RecipeID($0.recipe) })
    }

    /// The undo still offered: none once a line of the cart changed after it, since the shopper has moved on.
    package static func fetch(_ connection: PostgresConnection, session: SessionKey, newerThan oldest: Date)
        async throws
        -> CartUndo?
    {
        try await snapshot(
            connection,
            """
            SELECT token, kind, lines_json FROM cart_undo u
            WHERE session_hash = \(session.hash) AND created_at > \(oldest.timeIntervalSince1970)
            AND NOT EXISTS (
                SELECT 1 FROM cart_items c WHERE c.session_hash = u.session_hash AND c.updated_at > u.created_at)
            """
        )?.undo
    }

    package static func restore(
        _ connection: PostgresConnection, token: String, session: SessionKey, newerThan oldest: Date, at now: Date
    )
        async throws -> CartUndo?
    {
        guard
            let snapshot = try await snapshot(
                connection,
                """
                SELECT token, kind, lines_json FROM cart_undo
                WHERE session_hash = \(session.hash) AND token = \(token) AND created_at > \(oldest.timeIntervalSince1970)
                """),
            let undo = snapshot.undo
        else { return nil }
        let time = now.timeIntervalSince1970
        for line in snapshot.lines {
            try await connection.run(
                """
                INSERT INTO cart_items
                    (session_hash, recipe_id, quantity, servings, position, added_at, updated_at, cooking_started_at, cooking_minutes)
                VALUES (\(session.hash), \(line.recipe), \(line.quantity), \(line.servings), \(line.position), \(line.addedAt), \(time),
                        \(line.cookingStartedAt), \(line.cookingMinutes))
                ON CONFLICT (session_hash, recipe_id) DO UPDATE SET
                    quantity = excluded.quantity, servings = excluded.servings, position = excluded.position, added_at = excluded.added_at,
                    updated_at = excluded.updated_at, cooking_started_at = excluded.cooking_started_at,
                    cooking_minutes = excluded.cooking_minutes
                """)
        }
        try await connection.run("DELETE FROM cart_undo WHERE session_hash = \(session.hash)")
        try await connection.run("UPDATE sessions SET last_seen_at = \(time) WHERE id_hash = \(session.hash)")
        return undo
    }

    private struct Snapshot {
        package var token: String
        package var kind: String
        package var lines: [Line]

        /// Nil for a kind this version does not know, which it cannot offer to undo.
        package var undo: CartUndo? {
            CartUndo.Kind(rawValue: kind).map {
                CartUndo(token: token, kind: $0, recipeIDs: lines.compactMap { RecipeID($0.recipe) })
            }
        }
    }

    private static func snapshot(_ connection: PostgresConnection, _ query: PostgresQuery) async throws -> Snapshot? {
        guard let (token, kind, json) = try await connection.row(query, as: (String, String, String).self) else {
            return nil
        }
        return Snapshot(token: token, kind: kind, lines: try JSONDecoder().decode([Line].self, from: Data(json.utf8)))
    }
}
