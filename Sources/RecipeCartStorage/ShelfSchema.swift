/// The shelf's tables, declared once for both databases: the types and constraints both read alike, and only the
/// price history's running number is spelled per database. Each migrator adds its own triggers, which bump the
/// catalog generation on any change, since prices show on pages kept for a generation.
package enum ShelfSchema {
    package static let migrationName = "v14-shelf"

    package static func tables(_ dialect: SQLDialect) -> String {
        let runningNumber = dialect == .sqlite ? "INTEGER PRIMARY KEY AUTOINCREMENT" : "BIGSERIAL PRIMARY KEY"
        return """
            -- The shop's products, by the SKU its till gives them. pack_amount is in pack_unit (grams, millilitres
            -- or pieces); price_minor is a pack's price, or per kg (l, piece) when sold_by_weight. stock counts
            -- packs, NULL when the shop does not count them. version counts saved changes, for staff edits' races.
            CREATE TABLE products (
                sku TEXT PRIMARY KEY NOT NULL,
                name TEXT NOT NULL,
                gtin TEXT,
                aisle TEXT,
                pack_amount INTEGER NOT NULL CHECK (pack_amount > 0),
                pack_unit TEXT NOT NULL CHECK (pack_unit IN ('g', 'ml', 'piece')),
                price_minor BIGINT NOT NULL CHECK (price_minor >= 0),
                sold_by_weight BOOLEAN NOT NULL DEFAULT FALSE,
                stock INTEGER CHECK (stock >= 0),
                active BOOLEAN NOT NULL DEFAULT TRUE,
                version INTEGER NOT NULL,
                updated_at DOUBLE PRECISION NOT NULL
            );
            CREATE INDEX products_name ON products (lower(name));

            -- Every price a product has had, from changed_at on: what a reduction's "was" price is read from.
            CREATE TABLE product_prices (
                seq \(runningNumber),
                sku TEXT NOT NULL REFERENCES products (sku) ON DELETE CASCADE,
                price_minor BIGINT NOT NULL,
                changed_at DOUBLE PRECISION NOT NULL
            );
            CREATE INDEX product_prices_sku ON product_prices (sku, changed_at);

            -- The products staff confirmed a shopping-list ingredient (by its key) is sold as.
            CREATE TABLE ingredient_matches (
                ingredient_key TEXT NOT NULL,
                sku TEXT NOT NULL REFERENCES products (sku) ON DELETE CASCADE,
                confirmed_at DOUBLE PRECISION NOT NULL,
                PRIMARY KEY (ingredient_key, sku)
            );
            """
    }

    /// The tables whose changes bump the catalog generation.
    package static let generationTables = ["products", "ingredient_matches"]
}
