import Foundation
import GRDB
import Logging
import PostgresNIO
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartServices
import RecipeCartStorage
import Testing

/// The databases every store test runs on: one contract, two backends.
package enum StoreBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    /// Both, always: where PostgreSQL cannot run (`TestPostgres.isAvailable`), its cases end as skipped, saying why
    /// (`TestPostgres.skipUnlessAvailable`), rather than leaving the run silently.
    package static let all: [StoreBackend] = [.sqlite, .postgres]

    package var testDescription: String { rawValue }

    /// Fresh, empty stores on this backend for `body`, closed after it; with `partnerEvents`, as a shop with a
    /// payment and delivery partner opens them.
    package func withStores<Value>(
        clock: AppClock = .system, partnerEvents: Bool = false, _ body: (TestStores) async throws -> Value
    ) async throws -> Value {
        let stores = try await open(clock: clock, partnerEvents: partnerEvents)
        do {
            let value = try await body(stores)
            stores.stores.close()
            return value
        } catch {
            stores.stores.close()
            throw error
        }
    }

    private func open(clock: AppClock, partnerEvents: Bool) async throws -> TestStores {
        let logger = Logger(label: "RecipeCartTests")
        switch self {
        case .sqlite:
            let directory = try TestDirectories.fresh()
            let stores = try Stores.openSQLite(
                directory: directory, clock: clock, logger: logger, partnerEvents: partnerEvents)
            return TestStores(
                stores: stores, backend: self,
                rowCount: { table in
                    try await SQLiteDatabase(directory: directory).read { db in
                        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0
                    }
                }, reopen: { try Stores.openSQLite(directory: directory, clock: clock, logger: logger) })
        case .postgres:
            let url = try await TestPostgres.shared.freshDatabase()
            let stores = try await Stores.openPostgres(
                PostgresURL(url), clock: clock, logger: logger, patience: .underTest, partnerEvents: partnerEvents)
            return TestStores(
                stores: stores, backend: self,
                rowCount: { table in
                    let database = try await PostgresDatabase.open(
                        PostgresURL(url), logger: logger, patience: .underTest)
                    defer { database.close() }
                    return try await database.read { connection in
                        try await connection.values("SELECT COUNT(*) FROM \(unescaped: table)", as: Int.self).first ?? 0
                    }
                },
                reopen: {
                    try await Stores.openPostgres(PostgresURL(url), clock: clock, logger: logger, patience: .underTest)
                })
        }
    }
}

/// Stores under test, and a look at their tables that no store offers.
package struct TestStores: Sendable {
    package let stores: Stores
    package let backend: StoreBackend
    package let rowCount: @Sendable (String) async throws -> Int
    /// The same database opened again, as a restarted server opens it, once these stores are closed; the caller
    /// closes what it opens.
    package let reopen: @Sendable () async throws -> Stores

    package var catalog: any CatalogStore { stores.catalog }
    package var carts: any CartStore { stores.carts }
    package var orders: any OrderStore { stores.orders }
    package var edits: any RecipeEditStore { stores.edits }

    /// The bundled catalog, installed as `web serve` installs it.
    package func installBundled() async throws {
        _ = try await BundledCatalog.load().install(into: stores.catalog)
    }
}

extension PostgresPatience {
    /// `swift test` runs every suite at once on two cores, with the test server among them: a connection can take
    /// longer than a shopper would wait, and one slow wait must not shorten the next.
    package static let underTest = Self(normal: .seconds(60), duringOutage: .seconds(60))
}
