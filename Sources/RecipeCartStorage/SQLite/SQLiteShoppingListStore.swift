import Foundation
import GRDB
import RecipeCartDomain

/// "I have this" marks beside the cart, and the shop's aisle order, in the SQLite file.
package struct SQLiteShoppingListStore: ShoppingListStore {
    package let database: SQLiteDatabase

    package func have(sessions: [SessionKey]) async throws -> [SessionKey: [String: Bool]] {
        guard !sessions.isEmpty else { return [:] }
        let marks = Array(repeating: "?", count: sessions.count).joined(separator: ", ")
        let rows = try await database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT session_hash, ingredient_key, has_it FROM cart_have WHERE session_hash IN (\(marks))",
                arguments: StatementArguments(sessions.map(\.hash))
            )
            .map {
                (
                    session: $0["session_hash"] as String, key: $0["ingredient_key"] as String,
                    hasIt: $0["has_it"] as Bool
                )
            }
        }
        return rows.reduce(into: [:]) { marks, row in
            marks[SessionKey(storedHash: row.session), default: [:]][row.key] = row.hasIt
        }
    }

    package func setHave(_ hasIt: Bool, ingredient key: String, session: SessionKey) async throws {
        try await database.write { db in
            try SQLiteCartStore.touch(db, session)
            try db.execute(
                sql: """
                    INSERT INTO cart_have (session_hash, ingredient_key, has_it) VALUES (?, ?, ?)
                    ON CONFLICT(session_hash, ingredient_key) DO UPDATE SET has_it = excluded.has_it
                    """,
                arguments: [session.hash, key, hasIt])
        }
    }

    package func aisleOrder() async throws -> [String] {
        try await database.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM shop_settings WHERE key = 'aisle_order'")
                .map { $0.split(separator: ",").map(String.init) } ?? []
        }
    }

    package func setAisleOrder(_ aisles: [String]) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO shop_settings (key, value) VALUES ('aisle_order', ?)
                    ON CONFLICT(key) DO UPDATE SET value = excluded.value
                    """,
                arguments: [aisles.joined(separator: ",")])
        }
    }
}
