import RecipeCartDomain

/// Packs and weights taken from and given back to the shelf by orders, inside the order's own transaction. Products
/// are updated in SKU order, so two orders needing the same products on PostgreSQL wait for each other instead of
/// deadlocking. A count only ever goes down while enough is left (checked on the newest row), so two shoppers racing
/// for the last pack cannot both have it. A product the shop does not count (`stock IS NULL`) is never short.
///
/// A weighed good's stock is `stock` whole pack sizes and `stock_part` of one cut into: 20 g of parmesan cuts a
/// kilogram when nothing is cut yet (stock 6, part 0 becomes stock 5, part 980), and comes out of the part after.
///
/// What is left is read after each update (`countedAmount`, as a shortage is told) rather than returned by it: SQLite
/// keeps an `UPDATE … RETURNING`'s rows in a temporary table it builds and frees for every product of every order sent.
enum SQLShelfStock {
    /// What an order takes, by SKU: packs of packed goods, and the weight (volume, pieces) of weighed ones in their
    /// pack unit.
    struct Taking {
        var packs: [String: Int]
        var amounts: [String: Int]
        var names: [String: String]
        var units: [String: String]

        /// What an order priced so takes; nothing for one without priced rows.
        init(_ pricing: OrderPricing?) {
            let lines = pricing?.lines ?? []
            packs = pricing?.stockTaken ?? [:]
            amounts = pricing?.amountTaken ?? [:]
            names = Dictionary(lines.map { ($0.sku, $0.name) }, uniquingKeysWith: { first, _ in first })
            units = Dictionary(lines.map { ($0.sku, $0.unit) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// Takes `taking`.
    /// - Returns: the products short of it, empty when everything was taken; the caller rolls back when any is short.
    ///   `soldOut` lists the products it left with nothing.
    static func take(_ taking: Taking, on connection: any SQLConnection) async throws
        -> (short: [StockShortage], soldOut: [String])
    {
        var short: [StockShortage] = []
        var soldOut: [String] = []
        let skus = Set(taking.packs.keys).union(taking.amounts.keys).sorted()
        for sku in skus {
            let name = taking.names[sku] ?? sku
            if let packs = taking.packs[sku] {
                let taken =
                    try await connection.execute(
                        "UPDATE products SET stock = stock - \(packs) WHERE sku = \(sku) AND stock >= \(packs)") > 0
                if let left = try await countedAmount(of: sku, on: connection) {
                    if !taken {
                        short.append(StockShortage(sku: sku, name: name, needed: packs, left: left.stock))
                    } else if left.stock == 0 {
                        soldOut.append(sku)
                    }
                }
            }
            if let amount = taking.amounts[sku] {
                // Whole pack sizes cut for what the part does not hold; the rest of the last one cut is the new part.
                let cut: SQLStatement =
                    "(CASE WHEN \(amount) > stock_part THEN (\(amount) - stock_part + pack_amount - 1) / pack_amount ELSE 0 END)"
                let taken =
                    try await connection.execute(
                        """
                        UPDATE products SET stock = stock - \(cut), stock_part = stock_part + \(cut) * pack_amount - \(amount)
                        WHERE sku = \(sku) AND CAST(stock AS BIGINT) * pack_amount + stock_part >= \(amount)
                        """) > 0
                if let left = try await countedAmount(of: sku, on: connection) {
                    if !taken {
                        short.append(
                            StockShortage(
                                sku: sku, name: name, needed: amount, left: left.amount, unit: taking.units[sku]))
                    } else if left.amount == 0 {
                        soldOut.append(sku)
                    }
                }
            }
        }
        return (short, soldOut)
    }

    /// A product's stock as packs and as its whole amount; nil when the shop does not count it. A product deleted
    /// since the cart was priced has nothing left.
    private static func countedAmount(of sku: String, on connection: any SQLConnection) async throws
        -> (stock: Int, amount: Int)?
    {
        let rows = try await connection.rows(
            "SELECT stock, CAST(stock AS BIGINT) * pack_amount + stock_part FROM products WHERE sku = \(sku)",
            as: (Int?, Int?).self)
        guard let row = rows.first else { return (0, 0) }
        guard let stock = row.0, let amount = row.1 else { return nil }
        return (stock, amount)
    }

    /// Puts back (`by: 1`) or takes again (`by: -1`, never below 0: staff bringing an order back decide that) what
    /// `code` holds of the shelf: its priced rows as packed so far (`PackedBill`).
    /// - Returns: the products that had nothing and have some again, or were left with nothing.
    @discardableResult
    static func move(_ code: OrderCode, by direction: Int, on connection: any SQLConnection) async throws -> [String] {
        guard
            let json = try await connection.value(
                "SELECT content_json FROM orders WHERE code = \(code.rawValue)", as: String.self),
            let pricing = try OrderJSON.content(json).pricing
        else { return [] }
        let held = PackedBill(pricing, marks: try await marks(of: code, on: connection)).packed
        return try await put(
            packs: held.stockTaken.mapValues { $0 * direction }, amounts: held.amountTaken.mapValues { $0 * direction },
            on: connection)
    }

    /// Moves stock by what packing changed of an order's holding: what `before` held and `after` no longer does goes
    /// back, what `after` holds beyond it is taken (never below 0: it is packed, so the shelf had it).
    /// - Returns: the products that had nothing and have some again, or were left with nothing.
    static func repack(from before: OrderPricing, to after: OrderPricing, on connection: any SQLConnection)
        async throws -> [String]
    {
        func change(_ old: [String: Int], _ new: [String: Int]) -> [String: Int] {
            old.merging(new.mapValues { -$0 }, uniquingKeysWith: +).filter { $0.value != 0 }
        }
        return try await put(
            packs: change(before.stockTaken, after.stockTaken), amounts: change(before.amountTaken, after.amountTaken),
            on: connection)
    }

    /// Staff's marks on `code`'s pick list, read inside the transaction that moves its stock.
    static func marks(of code: OrderCode, on connection: any SQLConnection) async throws -> [String: PickMark] {
        var marks: [String: PickMark] = [:]
        for mark in try await connection.rows(
            "\(StoredMark.select) WHERE order_code = \(code.rawValue)", as: StoredMark.self)
        {
            marks[mark.rowKey] = try mark.pickMark()
        }
        return marks
    }

    /// Adds `packs` and `amounts` (below 0: takes them, never below 0) to the counted products' stock, in SKU order.
    private static func put(packs: [String: Int], amounts: [String: Int], on connection: any SQLConnection)
        async throws -> [String]
    {
        let greatest = connection.dialect.greatest
        var crossed: [String] = []
        for (sku, packs) in packs.sorted(by: { $0.key < $1.key }) where packs != 0 {
            let left = try await connection.value(
                """
                UPDATE products SET stock = \(raw: greatest)(stock + \(packs), 0)
                WHERE sku = \(sku) AND stock IS NOT NULL RETURNING stock
                """, as: Int.self)
            if let left, packs > 0 ? left == packs : left == 0 { crossed.append(sku) }
        }
        for (sku, amount) in amounts.sorted(by: { $0.key < $1.key }) where amount != 0 {
            let total: SQLStatement =
                "\(raw: greatest)(CAST(stock AS BIGINT) * pack_amount + stock_part + \(amount), 0)"
            let left = try await connection.value(
                """
                UPDATE products SET stock = \(total) / pack_amount, stock_part = \(total) % pack_amount
                WHERE sku = \(sku) AND stock IS NOT NULL RETURNING CAST(stock AS BIGINT) * pack_amount + stock_part
                """, as: Int.self)
            if let left, amount > 0 ? left == amount : left == 0 { crossed.append(sku) }
        }
        return crossed
    }
}
