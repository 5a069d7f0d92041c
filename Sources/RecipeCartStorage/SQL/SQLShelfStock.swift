import RecipeCartDomain

/// Packs taken from and given back to the shelf by orders, inside the order's own transaction. Products are updated
/// in SKU order, so two orders needing the same products on PostgreSQL wait for each other instead of deadlocking.
/// A count only ever goes down while enough is left (`stock >= packs`, checked on the newest row), so two shoppers
/// racing for the last pack cannot both have it. A product the shop does not count (`stock IS NULL`) is never short.
enum SQLShelfStock {
    /// Takes `taken` packs by SKU.
    /// - Returns: the products short of it, empty when every pack was taken; the caller rolls back when any is short.
    ///   `soldOut` lists the products it left at 0.
    static func take(_ taken: [String: Int], names: [String: String], on connection: any SQLConnection) async throws
        -> (short: [StockShortage], soldOut: [String])
    {
        var short: [StockShortage] = []
        var soldOut: [String] = []
        for (sku, packs) in taken.sorted(by: { $0.key < $1.key }) {
            if let left = try await connection.value(
                """
                UPDATE products SET stock = stock - \(packs) WHERE sku = \(sku) AND stock >= \(packs) RETURNING stock
                """, as: Int.self)
            {
                if left == 0 { soldOut.append(sku) }
                continue
            }
            let counted = try await connection.rows("SELECT stock FROM products WHERE sku = \(sku)", as: Int?.self)
            // Not counted: nothing to take. A product deleted since the cart was priced has nothing left.
            if let row = counted.first, row == nil { continue }
            short.append(
                StockShortage(sku: sku, name: names[sku] ?? sku, needed: packs, left: counted.first.flatMap { $0 } ?? 0)
            )
        }
        return (short, soldOut)
    }

    /// Puts back (`by: 1`) or takes again (`by: -1`, never below 0: staff bringing an order back decide that) what
    /// `code`'s priced rows took.
    /// - Returns: the products that were at 0 and have packs again, or were left at 0.
    @discardableResult
    static func move(_ code: OrderCode, by direction: Int, on connection: any SQLConnection) async throws -> [String] {
        guard
            let json = try await connection.value(
                "SELECT content_json FROM orders WHERE code = \(code.rawValue)", as: String.self),
            let taken = try OrderJSON.content(json).pricing?.stockTaken
        else { return [] }
        var crossed: [String] = []
        for (sku, packs) in taken.sorted(by: { $0.key < $1.key }) {
            let left = try await connection.value(
                """
                UPDATE products SET stock = \(raw: connection.dialect.greatest)(stock + \(packs * direction), 0)
                WHERE sku = \(sku) AND stock IS NOT NULL RETURNING stock
                """, as: Int.self)
            if let left, direction > 0 ? left == packs : left == 0 { crossed.append(sku) }
        }
        return crossed
    }
}
