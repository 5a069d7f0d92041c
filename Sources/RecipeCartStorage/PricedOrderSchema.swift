/// Priced orders: each order's estimated and final amounts beside its priced rows (kept in its content), and a
/// shelf whose stock can be taken by orders without advancing the catalog generation. A stock count changes with
/// every order; were it to advance the generation, every order would throw away the kept pages, the search index and
/// the cost table, and on PostgreSQL every order would wait on the generation's row. A product's other columns still
/// advance it (`version` included, which every staff edit and import raises).
package enum PricedOrderSchema {
    package static let migrationName = "v16-priced-orders"

    /// The product columns whose change shows on pages: every column but `stock` and `updated_at`.
    private static let shownColumns =
        "sku, name, gtin, aisle, pack_amount, pack_unit, price_minor, sold_by_weight, active, version"

    private static let orderColumns = """
        -- The amount to authorise when it was sent, and the amount to charge once packed, in minor units of the
        -- currency its priced rows name; NULL for an order without priced rows, and final_minor until it is ready.
        ALTER TABLE orders ADD COLUMN estimate_minor BIGINT;
        ALTER TABLE orders ADD COLUMN final_minor BIGINT;
        """

    /// Weighed goods counted by weight: an order of 20 g of parmesan takes 20 g, not a whole kilogram of the stock.
    /// `stock` keeps counting whole pack sizes, as the till's file does; `stock_part` is what is left of the one orders
    /// cut into (below one pack size). Not a column shown on pages, so it does not advance the generation.
    package static let weighedStockMigrationName = "v17-weighed-stock"
    package static let weighedStockStatements = """
        ALTER TABLE products ADD COLUMN stock_part INTEGER NOT NULL DEFAULT 0 CHECK (stock_part >= 0);
        """

    /// What the partner's `payment.succeeded` said was paid, when it said: minor units and currency (NULL: the
    /// order's own), kept beside the order so a payment that is not what was asked for is flagged.
    package static let partnerPaymentMigrationName = "v18-partner-payments"
    package static let partnerPaymentStatements = """
        ALTER TABLE orders ADD COLUMN paid_minor BIGINT;
        ALTER TABLE orders ADD COLUMN paid_currency TEXT;
        """

    /// Packing makes the final bill: the weight a weighed row was packed at, and the product a priced row was
    /// replaced with, priced when marked (a `PricedOrderLine` as JSON), so a later price change never moves it.
    package static let packingMigrationName = "v19-packing-marks"
    package static let packingStatements = """
        ALTER TABLE order_pick_marks ADD COLUMN packed_amount INTEGER CHECK (packed_amount > 0);
        ALTER TABLE order_pick_marks ADD COLUMN replacement_line TEXT;
        """

    package static func statements(_ dialect: SQLDialect) -> String {
        switch dialect {
        case .sqlite:
            orderColumns + """

                DROP TRIGGER products_update_generation;
                CREATE TRIGGER products_update_generation AFTER UPDATE OF \(shownColumns) ON products BEGIN
                    UPDATE catalog_meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'generation';
                END;
                """
        case .postgres:
            orderColumns + """

                DROP TRIGGER products_generation ON products;
                CREATE TRIGGER products_generation AFTER INSERT OR DELETE OR UPDATE OF \(shownColumns) ON products
                    FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_generation();
                """
        }
    }
}
