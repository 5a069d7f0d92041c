import Foundation
import RecipeCartContracts
import RecipeCartDomain

/// "I have this" marks beside the cart, and the shop's aisle order.
package struct SQLShoppingListStore: ShoppingListStore {
    package let database: any SQLRunner
    package let clock: AppClock

    package func have(sessions: [SessionKey]) async throws -> [SessionKey: [String: Bool]] {
        guard !sessions.isEmpty else { return [:] }
        let rows = try await database.read { connection in
            try await connection.rows(
                """
                SELECT session_hash, ingredient_key, has_it FROM cart_have
                WHERE session_hash IN (\(list: sessions.map(\.hash)))
                """,
                as: (String, String, Bool).self)
        }
        return rows.reduce(into: [:]) { marks, row in
            marks[SessionKey(storedHash: row.0), default: [:]][row.1] = row.2
        }
    }

    /// The session's row is made by the first mark, as by a first cart line.
    package func setHave(_ hasIt: Bool, ingredient key: String, session: SessionKey) async throws {
        let now = clock.now()
        try await database.write { connection in
            try await connection.lockSession(session)
            try await connection.touchSession(session, at: now)
            try await connection.execute(
                """
                INSERT INTO cart_have (session_hash, ingredient_key, has_it) VALUES (\(session.hash), \(key), \(hasIt))
                ON CONFLICT (session_hash, ingredient_key) DO UPDATE SET has_it = excluded.has_it
                """)
        }
    }

    package func aisleOrder() async throws -> [String] {
        try await database.read { connection in
            try await connection.value("SELECT value FROM shop_settings WHERE key = 'aisle_order'", as: String.self)
        }.map { $0.split(separator: ",").map(String.init) } ?? []
    }

    package func setAisleOrder(_ aisles: [String]) async throws {
        let value = aisles.joined(separator: ",")
        try await database.write { connection in
            try await connection.execute(
                """
                INSERT INTO shop_settings (key, value) VALUES ('aisle_order', \(value))
                ON CONFLICT (key) DO UPDATE SET value = excluded.value
                """)
        }
    }
}
