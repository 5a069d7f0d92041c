/// Changing an order until packing starts: which order a session's cart is being changed for. The order stays placed,
/// its stock held, until the changes are sent; a row here is what makes that send replace the order instead of
/// placing a new one. Gone with the session or the order.
package enum OrderChangeSchema {
    package static let migrationName = "v20-order-changes"

    package static func statements(_ dialect: SQLDialect) -> String {
        switch dialect {
        case .sqlite:
            """
            CREATE TABLE order_changes (
                session_hash TEXT PRIMARY KEY NOT NULL REFERENCES sessions(id_hash) ON DELETE CASCADE,
                order_code TEXT NOT NULL REFERENCES orders(code) ON DELETE CASCADE,
                started_at REAL NOT NULL
            ) WITHOUT ROWID;
            CREATE INDEX order_changes_order ON order_changes(order_code);
            """
        case .postgres:
            """
            CREATE TABLE order_changes (
                session_hash TEXT PRIMARY KEY REFERENCES sessions (id_hash) ON DELETE CASCADE ON UPDATE CASCADE,
                order_code TEXT NOT NULL REFERENCES orders (code) ON DELETE CASCADE,
                started_at DOUBLE PRECISION NOT NULL
            );
            CREATE INDEX order_changes_order ON order_changes (order_code);
            """
        }
    }
}
