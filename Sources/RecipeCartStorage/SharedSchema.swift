/// The migrations declared once for both databases, v14 on, in the order both apply them: each database's own list
/// (`Schema.migrator`, `PostgresSchema.migrations`) first runs the older ones, written before this file, which spell
/// their types and keys each its own way and stay as they were applied; then these. A new migration goes here.
package enum SharedSchema {
    package static func migrations(_ dialect: SQLDialect) -> [(name: String, sql: String)] {
        [
            (
                ShelfSchema.migrationName,
                ShelfSchema.tables(dialect) + generationTriggers(on: ShelfSchema.generationTables, dialect)
            ),
            (PickupSchema.migrationName, PickupSchema.tables),
            (PricedOrderSchema.migrationName, PricedOrderSchema.statements(dialect)),
            (PricedOrderSchema.weighedStockMigrationName, PricedOrderSchema.weighedStockStatements),
            (PricedOrderSchema.partnerPaymentMigrationName, PricedOrderSchema.partnerPaymentStatements),
            (PricedOrderSchema.packingMigrationName, PricedOrderSchema.packingStatements),
            (OrderChangeSchema.migrationName, OrderChangeSchema.statements(dialect)),
            (SessionRenewalSchema.migrationName, SessionRenewalSchema.statements(dialect)),
        ]
    }

    /// Triggers that bump the catalog generation on any change to `tables`, so cached pages know they are stale,
    /// whichever process or code path made the change: on SQLite one a row and event; on PostgreSQL one a statement,
    /// which also tells every instance (`bump_catalog_generation`, made by its first migration).
    package static func generationTriggers(on tables: [String], _ dialect: SQLDialect) -> String {
        switch dialect {
        case .sqlite:
            tables.flatMap { table in
                ["INSERT", "UPDATE", "DELETE"].map { event in
                    """

                    CREATE TRIGGER \(table)_\(event.lowercased())_generation AFTER \(event) ON \(table) BEGIN
                        UPDATE catalog_meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'generation';
                    END;
                    """
                }
            }.joined()
        case .postgres:
            tables.map { table in
                """

                CREATE TRIGGER \(table)_generation AFTER INSERT OR UPDATE OR DELETE ON \(table)
                    FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_generation();
                """
            }.joined()
        }
    }
}
