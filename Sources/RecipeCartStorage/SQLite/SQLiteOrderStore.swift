import Foundation
import GRDB
import RecipeCartDomain

/// Orders in the SQLite file, beside the carts they came from.
package struct SQLiteOrderStore: OrderStore {
    package let database: SQLiteDatabase
    package let clock: AppClock

    package func place(_ content: OrderContent, note: String, session: SessionKey) async throws -> OrderPlacement {
        // Kept to the stored precision, so the order answered here is the order read back later.
        let now = Date(timeIntervalSince1970: clock.now().timeIntervalSince1970)
        let json = try OrderJSON.encode(content)
        // A send empties the cart.
        defer { database.sessionMemos.forget(session) }
        return try await database.write { db in
            let stored = try Row.fetchAll(
                db,
                sql: "SELECT recipe_id, quantity, servings FROM cart_items WHERE session_hash = ? ORDER BY position",
                arguments: [session.hash]
            ).map { OrderedLine(recipeID: $0["recipe_id"], quantity: $0["quantity"], servings: $0["servings"]) }
            guard !stored.isEmpty else { return .emptyCart }
            guard stored == content.lines.map(OrderedLine.init) else { return .cartChanged }
            var code = OrderCode.random()
            while try Bool.fetchOne(db, sql: "SELECT 1 FROM orders WHERE code = ?", arguments: [code.rawValue]) == true
            {
                code = OrderCode.random()
            }
            try db.execute(
                sql: """
                    INSERT INTO orders (code, session_hash, note, status, content_json, placed_at, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    code.rawValue, session.hash, note, OrderStatus.new.rawValue, json, now.timeIntervalSince1970,
                    now.timeIntervalSince1970,
                ])
            try db.execute(sql: "DELETE FROM cart_items WHERE session_hash = ?", arguments: [session.hash])
            try db.execute(sql: "DELETE FROM cart_undo WHERE session_hash = ?", arguments: [session.hash])
            try db.execute(
                sql: "UPDATE sessions SET last_seen_at = app_now() WHERE id_hash = ?", arguments: [session.hash])
            return .placed(Order(code: code, note: note, status: .new, content: content, placedAt: now, updatedAt: now))
        }
    }

    package func order(_ code: OrderCode, session: SessionKey?) async throws -> (order: Order, isOwn: Bool)? {
        try await database.read { db in
            guard let row = try Row.fetchOne(db, sql: "\(Self.select) WHERE code = ?", arguments: [code.rawValue])
            else { return nil }
            let owner: String? = row["session_hash"]
            return (try Self.order(row), owner != nil && owner == session?.hash)
        }
    }

    package func orders(session: SessionKey) async throws -> [Order] {
        try await database.read { db in
            try Row.fetchAll(
                db, sql: "\(Self.select) WHERE session_hash = ? ORDER BY placed_at DESC, code",
                arguments: [session.hash]
            )
            .map(Self.order)
        }
    }

    package func openOrders() async throws -> [Order] {
        try await database.read { db in
            try Row.fetchAll(
                db, sql: "\(Self.select) WHERE status IN ('new', 'picking', 'ready') ORDER BY placed_at, code"
            ).map(Self.order)
        }
    }

    package func move(_ code: OrderCode, from current: OrderStatus, to target: OrderStatus) async throws -> Bool {
        guard current.canMove(to: target) else { return false }
        let now = clock.now().timeIntervalSince1970
        return try await database.write { db in
            try db.execute(
                sql: "UPDATE orders SET status = ?, updated_at = ? WHERE code = ? AND status = ?",
                arguments: [target.rawValue, now, code.rawValue, current.rawValue])
            return db.changesCount > 0
        }
    }

    private static let select =
        "SELECT code, session_hash, note, status, content_json, placed_at, updated_at FROM orders"

    private static func order(_ row: Row) throws -> Order {
        try OrderJSON.order(
            code: row["code"], note: row["note"], status: row["status"], json: row["content_json"],
            placedAt: row["placed_at"], updatedAt: row["updated_at"])
    }
}
