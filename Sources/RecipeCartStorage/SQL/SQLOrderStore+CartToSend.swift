import RecipeCartContracts
import RecipeCartDomain

extension SQLOrderStore {
    /// One read transaction for the three things a send reads of its session, where three reads had cost a send a
    /// third of its time in waits between threads.
    package func cartToSend(session: SessionKey) async throws -> CartToSend {
        let hash = session.hash
        return try await database.read { connection in
            let lines = try await connection.rows(
                """
                \(raw: SQLCartLines.ownSelect) WHERE c.session_hash = \(hash) ORDER BY \(raw: SQLCartLines.cartOrder)
                """,
                as: SQLCartLines.Row.self)
            let have = try await connection.rows(
                "SELECT ingredient_key, has_it FROM cart_have WHERE session_hash = \(hash)", as: (String, Bool).self)
            let changing = try await connection.value(
                "SELECT order_code FROM order_changes WHERE session_hash = \(hash)", as: String.self)
            return CartToSend(
                cart: Cart(lines: lines.compactMap(\.line)),
                have: Dictionary(have, uniquingKeysWith: { _, last in last }),
                changing: changing.flatMap(OrderCode.init))
        }
    }
}
