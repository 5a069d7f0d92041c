import Foundation
import GRDB

/// "I have this" marks beside the cart, and the shop's aisle order, in the SQLite file.
struct SQLiteShoppingListStore: ShoppingListStore {
    let database: AppDatabase

    func have(session: SessionKey) async throws -> [String: Bool] {
        try await database.read { db in
            let rows = try Row.fetchAll(
                db, sql: "SELECT ingredient_key, has_it FROM cart_have WHERE session_hash = ?", arguments: [session.hash])
            return Dictionary(uniqueKeysWithValues: rows.map { ($0["ingredient_key"], $0["has_it"]) })
        }
    }

    func setHave(_ hasIt: Bool, ingredient key: String, session: SessionKey) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO sessions (id_hash, created_at, last_seen_at) VALUES (?, app_now(), app_now())
                    ON CONFLICT(id_hash) DO UPDATE SET last_seen_at = app_now()
                    """,
                arguments: [session.hash])
            try db.execute(
                sql: """
                    INSERT INTO cart_have (session_hash, ingredient_key, has_it) VALUES (?, ?, ?)
                    ON CONFLICT(session_hash, ingredient_key) DO UPDATE SET has_it = excluded.has_it
                    """,
                arguments: [session.hash, key, hasIt])
        }
    }

    func aisleOrder() async throws -> [String] {
        try await database.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM shop_settings WHERE key = 'aisle_order'")
                .map { $0.split(separator: ",").map(String.init) } ?? []
        }
    }

    func setAisleOrder(_ aisles: [String]) async throws {
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
