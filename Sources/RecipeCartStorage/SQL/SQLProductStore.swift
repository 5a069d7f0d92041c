import Foundation
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartShelf

/// The shop's shelf, written once for both databases.
package struct SQLProductStore: ProductStore {
    package let database: any SQLRunner
    package let clock: AppClock
    /// This instance's catalog generation, advanced after each write's commit: on PostgreSQL, where a write through the
    /// shared runner does not advance it itself (other instances hear of it through the catalog listener). nil on
    /// SQLite, whose every write rereads it.
    package let generations: CatalogGeneration?

    /// Rows a multi-row statement carries: far below SQLite's 32,766 arguments and PostgreSQL's 65,535.
    private static let batchSize = 500
    private static let columns =
        "sku, name, gtin, aisle, pack_amount, pack_unit, price_minor, sold_by_weight, stock, active, version"
    /// `columns` and what orders left of a weighed good's cut pack size, which only orders write.
    private static let readColumns = columns + ", stock_part"

    package init(database: any SQLRunner, clock: AppClock, generations: CatalogGeneration? = nil) {
        self.database = database
        self.clock = clock
        self.generations = generations
    }

    /// A write in one transaction, with the catalog generation its triggers left, told to `generations` once it is
    /// committed: never before, or a page read meanwhile could be kept under a generation it does not show.
    private func write<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) async throws -> T) async throws -> T
    {
        guard let generations else { return try await database.write(body) }
        let (result, generation) = try await database.write { connection in
            let result = try await body(connection)
            let generation = try await connection.value(
                "SELECT value FROM catalog_meta WHERE key = 'generation'", as: String.self)
            return (result, generation.flatMap { Int($0) })
        }
        if let generation { generations.advance(to: generation) }
        return result
    }

    package func save(_ products: [Product], progress: (@Sendable (Int) -> Void)?) async throws -> ProductSaveCounts {
        let now = clock.now().timeIntervalSince1970
        return try await write { connection in
            var stored: [String: Product] = [:]
            for batch in products.map(\.sku).chunked(into: Self.batchSize) {
                let rows = try await connection.rows(
                    "SELECT \(raw: Self.readColumns) FROM products WHERE sku IN (\(list: Array(batch)))",
                    as: ProductRecord.self)
                for row in rows { stored[row.product.sku] = row.product }
            }
            var counts = ProductSaveCounts()
            var changed: [Product] = []
            var prices: [(sku: String, priceMinor: Int)] = []
            for var product in products {
                if let old = stored[product.sku] {
                    guard old.differs(from: product) else {
                        counts.unchanged += 1
                        continue
                    }
                    counts.updated += 1
                    product.version = old.version + 1
                    if old.priceMinor != product.priceMinor { prices.append((product.sku, product.priceMinor)) }
                } else {
                    counts.added += 1
                    product.version = 1
                    prices.append((product.sku, product.priceMinor))
                }
                changed.append(product)
            }
            var written = counts.unchanged
            for batch in changed.chunked(into: Self.batchSize) {
                let values = SQLStatement(joining: batch.map { Self.values(of: $0, at: now) }, separator: ", ")
                try await connection.execute(
                    """
                    INSERT INTO products (\(raw: Self.columns), updated_at) VALUES \(values)
                    ON CONFLICT (sku) DO UPDATE SET name = excluded.name, gtin = excluded.gtin, aisle = excluded.aisle,
                        pack_amount = excluded.pack_amount, pack_unit = excluded.pack_unit,
                        price_minor = excluded.price_minor, sold_by_weight = excluded.sold_by_weight,
                        stock = excluded.stock,
                        stock_part = CASE WHEN products.stock = excluded.stock THEN products.stock_part ELSE 0 END,
                        active = excluded.active, version = excluded.version,
                        updated_at = excluded.updated_at
                    """)
                written += batch.count
                progress?(written)
            }
            for batch in prices.chunked(into: Self.batchSize) {
                let values = SQLStatement(
                    joining: batch.map { price -> SQLStatement in "(\(price.sku), \(price.priceMinor), \(now))" },
                    separator: ", ")
                try await connection.execute(
                    "INSERT INTO product_prices (sku, price_minor, changed_at) VALUES \(values)")
            }
            return counts
        }
    }

    /// A product's row for a multi-row `VALUES`, with the time it was saved at.
    private static func values(of product: Product, at now: Double) -> SQLStatement {
        """
        (\(product.sku), \(product.name), \(product.gtin), \(product.aisle?.rawValue), \(product.packSize.amount), \
        \(product.packSize.unit.rawValue), \(product.priceMinor), \(product.isSoldByWeight), \(product.stock), \
        \(product.isActive), \(product.version), \(now))
        """
    }

    package func product(sku: String) async throws -> Product? {
        try await database.read { connection in
            try await connection.row(
                "SELECT \(raw: Self.readColumns) FROM products WHERE sku = \(sku)", as: ProductRecord.self)
        }?.product
    }

    package func products(search: String, limit: Int, offset: Int) async throws -> [Product] {
        let pattern = "%" + Self.escapedForLike(search.lowercased()) + "%"
        return try await database.read { connection in
            try await connection.rows(
                """
                SELECT \(raw: Self.readColumns) FROM products
                WHERE \(search.isEmpty) OR lower(name) LIKE \(pattern) ESCAPE '\\' OR lower(sku) LIKE \(pattern) ESCAPE '\\'
                    OR gtin = \(search)
                ORDER BY lower(name), sku LIMIT \(max(0, limit)) OFFSET \(max(0, offset))
                """, as: ProductRecord.self)
        }.map(\.product)
    }

    package func activeProducts() async throws -> [Product] {
        try await database.read { connection in
            try await connection.rows(
                "SELECT \(raw: Self.readColumns) FROM products WHERE active ORDER BY sku", as: ProductRecord.self)
        }.map(\.product)
    }

    package func update(_ edit: Product) async throws -> ProductUpdate {
        let now = clock.now().timeIntervalSince1970
        return try await write { connection in
            guard
                let current = try await connection.row(
                    "SELECT \(raw: Self.readColumns) FROM products WHERE sku = \(edit.sku)\(raw: connection.dialect.lockRows)",
                    as: ProductRecord.self)?.product
            else { return .missing }
            guard current.version == edit.version else { return .raced(current: current) }
            guard current.differs(from: edit) else { return .saved(current) }
            var saved = edit
            saved.version = current.version + 1
            try await connection.execute(
                """
                UPDATE products SET name = \(saved.name), gtin = \(saved.gtin), aisle = \(saved.aisle?.rawValue),
                    pack_amount = \(saved.packSize.amount), pack_unit = \(saved.packSize.unit.rawValue),
                    price_minor = \(saved.priceMinor), sold_by_weight = \(saved.isSoldByWeight), stock = \(saved.stock),
                    stock_part = CASE WHEN stock = \(saved.stock) THEN stock_part ELSE 0 END,
                    active = \(saved.isActive), version = \(saved.version), updated_at = \(now)
                WHERE sku = \(saved.sku)
                """)
            if saved.priceMinor != current.priceMinor {
                try await connection.execute(
                    """
                    INSERT INTO product_prices (sku, price_minor, changed_at)
                    VALUES (\(saved.sku), \(saved.priceMinor), \(now))
                    """)
            }
            return .saved(saved)
        }
    }

    package func priceHistory(sku: String) async throws -> [PriceChange] {
        let rows = try await database.read { connection in
            try await connection.rows(
                "SELECT sku, price_minor, changed_at FROM product_prices WHERE sku = \(sku) ORDER BY changed_at, seq",
                as: (String, Int, Date).self)
        }
        return Self.histories(rows)[sku] ?? []
    }

    package func priceHistoriesChanged(since: Date) async throws -> [String: [PriceChange]] {
        let since = since.timeIntervalSince1970
        let rows = try await database.read { connection in
            try await connection.rows(
                """
                SELECT sku, price_minor, changed_at FROM product_prices
                WHERE sku IN (SELECT sku FROM product_prices WHERE changed_at >= \(since)) ORDER BY sku, changed_at, seq
                """, as: (String, Int, Date).self)
        }
        return Self.histories(rows)
    }

    /// Rows of (SKU, price, since when), oldest first, as each product's history.
    private static func histories(_ rows: [(String, Int, Date)]) -> [String: [PriceChange]] {
        Dictionary(grouping: rows, by: \.0).mapValues { $0.map { PriceChange(priceMinor: $0.1, at: $0.2) } }
    }

    package func setMatches(_ matches: [String: [String]]) async throws {
        let now = clock.now().timeIntervalSince1970
        try await write { connection in
            // Instances starting at once may load the demo shelf's matches together: the same row twice is one row.
            for (key, skus) in matches.sorted(by: { $0.key < $1.key }) {
                try await connection.execute("DELETE FROM ingredient_matches WHERE ingredient_key = \(key)")
                // Only products that exist: a SKU gone since the page was drawn is left out rather than refused.
                try await connection.execute(
                    """
                    INSERT INTO ingredient_matches (ingredient_key, sku, confirmed_at)
                    SELECT \(key), sku, \(now) FROM products WHERE sku IN (\(list: skus))
                    ON CONFLICT (ingredient_key, sku) DO NOTHING
                    """)
            }
        }
    }

    package func matches(ingredients keys: [String]) async throws -> [String: [String]] {
        guard !keys.isEmpty else { return [:] }
        let rows = try await database.read { connection in
            try await connection.rows(
                """
                SELECT ingredient_key, sku FROM ingredient_matches WHERE ingredient_key IN (\(list: keys))
                ORDER BY ingredient_key, sku
                """, as: (String, String).self)
        }
        return Dictionary(grouping: rows, by: \.0).mapValues { $0.map(\.1) }
    }

    package func allMatches() async throws -> [String: [String]] {
        let rows = try await database.read { connection in
            try await connection.rows(
                "SELECT ingredient_key, sku FROM ingredient_matches ORDER BY ingredient_key, sku",
                as: (String, String).self)
        }
        return Dictionary(grouping: rows, by: \.0).mapValues { $0.map(\.1) }
    }

    private static func escapedForLike(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
    }
}

/// A `products` row.
private struct ProductRecord: SQLRecord {
    let product: Product

    init(row: SQLRow) throws {
        let (sku, name, gtin, aisle, amount, unit, price, byWeight, stock, active, version, stockPart) =
            try row.decode((String, String, String?, String?, Int, String, Int, Bool, Int?, Bool, Int, Int).self)
        guard let packUnit = PackSize.Unit(rawValue: unit), let packSize = PackSize(Double(amount), packUnit) else {
            throw SQLDecodingError(message: "product \(sku) has no pack size: \(amount) \(unit)")
        }
        product = Product(
            sku: sku, name: name, gtin: gtin, aisle: aisle.flatMap(Aisle.init(rawValue:)), packSize: packSize,
            priceMinor: price, isSoldByWeight: byWeight, stock: stock, stockPart: stockPart, isActive: active,
            version: version)
    }
}

extension Array {
    fileprivate func chunked(into size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
