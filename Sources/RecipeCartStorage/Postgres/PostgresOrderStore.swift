import Foundation
import PostgresNIO
import RecipeCartDomain

/// Orders in PostgreSQL. A send takes its session's advisory lock, as cart writes do, so two instances sending one
/// cart at once make one order between them.
package struct PostgresOrderStore: OrderStore {
    package let database: PostgresDatabase
    package let clock: AppClock

    package func place(_ content: OrderContent, note: String, session: SessionKey) async throws -> OrderPlacement {
        let time = clock.now().timeIntervalSince1970
        let hash = session.hash
        // Kept to the stored precision, so the order answered here is the order read back later.
        let now = Date(timeIntervalSince1970: time)
        let json = try OrderJSON.encode(content)
        return try await database.write { connection in
            try await PostgresCartStore.lock(connection, session)
            let stored = try await connection.rows(
                "SELECT recipe_id, quantity, servings FROM cart_items WHERE session_hash = \(hash) ORDER BY position, added_at, recipe_id",
                as: (String, Int, Int?).self
            ).map { OrderedLine(recipeID: $0.0, quantity: $0.1, servings: $0.2) }
            guard !stored.isEmpty else { return .emptyCart }
            guard stored == content.lines.map(OrderedLine.init) else { return .cartChanged }
            var code = OrderCode.random()
            while try await connection.count(
                """
                INSERT INTO orders (code, session_hash, note, status, content_json, placed_at, updated_at)
                VALUES (\(code.rawValue), \(hash), \(note), \(OrderStatus.new.rawValue), \(json), \(time), \(time))
                ON CONFLICT (code) DO NOTHING RETURNING 1
                """) == 0
            {
                code = OrderCode.random()
            }
            try await connection.run("DELETE FROM cart_items WHERE session_hash = \(hash)")
            try await connection.run("DELETE FROM cart_undo WHERE session_hash = \(hash)")
            try await connection.run("UPDATE sessions SET last_seen_at = \(time) WHERE id_hash = \(hash)")
            return .placed(Order(code: code, note: note, status: .new, content: content, placedAt: now, updatedAt: now))
        }
    }

    package func order(_ code: OrderCode, session: SessionKey?) async throws -> (order: Order, isOwn: Bool)? {
        guard
            let row = try await database.read({ connection in
                try await connection.rows("\(unescaped: Self.select) WHERE code = \(code.rawValue)", as: Self.Row.self)
                    .first
            })
        else { return nil }
        return (try Self.order(row), row.1 != nil && row.1 == session?.hash)
    }

    package func orders(session: SessionKey) async throws -> [Order] {
        try await database.read { connection in
            try await connection.rows(
                "\(unescaped: Self.select) WHERE session_hash = \(session.hash) ORDER BY placed_at DESC, code",
                as: Self.Row.self)
        }.map(Self.order)
    }

    package func openOrders() async throws -> [Order] {
        try await database.read { connection in
            try await connection.rows(
                "\(unescaped: Self.select) WHERE status IN ('new', 'picking', 'ready') ORDER BY placed_at, code",
                as: Self.Row.self)
        }.map(Self.order)
    }

    package func move(_ code: OrderCode, from current: OrderStatus, to target: OrderStatus) async throws -> Bool {
        guard current.canMove(to: target) else { return false }
        let now = clock.now().timeIntervalSince1970
        return try await database.write { connection in
            try await connection.count(
                """
                UPDATE orders SET status = \(target.rawValue), updated_at = \(now)
                WHERE code = \(code.rawValue) AND status = \(current.rawValue) RETURNING 1
                """) > 0
        }
    }

    private typealias Row = (String, String?, String, String, String, Double, Double)

    private static let select =
        "SELECT code, session_hash, note, status, content_json, placed_at, updated_at FROM orders"

    private static func order(_ row: Row) throws -> Order {
        try OrderJSON.order(code: row.0, note: row.2, status: row.3, json: row.4, placedAt: row.5, updatedAt: row.6)
    }
}
