import Metrics

/// What an operator watches of the database: errors that reached a page, and reconnections of the PostgreSQL
/// listener. Each instance reports its own.
package enum StorageMetrics {
    private static let databaseErrors = Counter(label: "recipecart_database_errors_total")
    private static let databaseReconnects = Counter(label: "recipecart_database_reconnects_total")

    package static func databaseError() {
        databaseErrors.increment()
    }

    package static func databaseReconnected() {
        databaseReconnects.increment()
    }
}
