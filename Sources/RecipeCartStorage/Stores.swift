import Foundation
import Logging
import RecipeCartContracts
import RecipeCartDomain
import ServiceLifecycle

/// Everything RecipeCart keeps, on the database chosen at start: SQLite under the data dir (the default, one
/// instance), or PostgreSQL (`--database-url`, any number of instances). Controllers and services see only these
/// protocols, never which database is behind them.
package struct Stores: UpstreamStores {
    package let catalog: any CatalogStore
    package let edits: any RecipeEditStore
    package let carts: any CartStore
    /// What the catalog and cart stores hold in memory, for pages answered without a read.
    package let catalogMemory: any CatalogMemory
    package let cartMemory: any CartMemory
    package let orders: any OrderStore
    /// The hand-off to the payment and delivery partner; its outbox fills only while `partnerEvents` is on.
    package let partner: any PartnerStore
    package let shoppingLists: any ShoppingListStore
    package let shares: any CartShareStore
    /// The shop's shelf: products, prices and the ingredients they are sold for.
    package let products: any ProductStore
    /// The shop's pickup slot settings and the places its slots have taken.
    package let pickupSlots: any PickupSlotStore
    package let upstream: any UpstreamStore
    package let callQuota: any CallQuotaStore
    package let staffSessions: any StaffSessionStore
    package let screenPairings: any ScreenPairingStore
    package let signInThrottle: any SignInThrottle
    package let pictures: any SharedPictures
    package let serverKey: ServerKey
    /// What tells the open staff boards that they may be out of date.
    package let boardChanges: BoardChanges
    /// Run beside the server: on SQLite the checkpoint at shutdown, on PostgreSQL the catalog listener and the pool.
    package let services: [any Service]
    /// Throws while the database does not answer (`/healthz`).
    package let ping: @Sendable () async throws -> Void
    /// Lets go of the database, for a command that ran without the services (`web import`).
    package let close: @Sendable () -> Void

    /// Opens the database `databaseURL` names, or the SQLite file under `dataDirectory` when it is nil. A URL that
    /// cannot be used or reached stops the start (`StorageStartError`): never a silent fallback to SQLite.
    /// `isServing`: for a server, which keeps its PostgreSQL connections open rather than a command's few.
    /// `partnerEvents`: a partner is configured, so order changes write its events. `timeZone`: the shop's, which
    /// those events write pickup slot times in.
    package static func open(
        databaseURL: String?, dataDirectory: URL, clock: AppClock, logger: Logger, isServing: Bool = false,
        partnerEvents: Bool = false, timeZone: TimeZone = .current
    ) async throws -> Stores {
        if let databaseURL {
            try await openPostgres(
                PostgresURL(databaseURL), clock: clock, logger: logger, keepsConnectionsOpen: isServing,
                partnerEvents: partnerEvents, timeZone: timeZone)
        } else {
            try openSQLite(
                directory: dataDirectory, clock: clock, logger: logger, partnerEvents: partnerEvents,
                timeZone: timeZone)
        }
    }

    package static func openSQLite(
        directory: URL, clock: AppClock, logger: Logger, partnerEvents: Bool = false, timeZone: TimeZone = .current
    ) throws -> Stores {
        let database = try SQLiteDatabase(directory: directory, clock: clock)
        let statements = SQLiteRunner(database: database)
        let catalog = SQLCatalogStore(sqlite: database, clock: clock)
        let carts = SQLCartStore(sqlite: database, clock: clock)
        let boardChanges = BoardChanges()
        return Stores(
            catalog: catalog,
            edits: SQLRecipeEditStore(database: statements, clock: clock),
            carts: carts, catalogMemory: catalog, cartMemory: carts,
            orders: SQLOrderStore(
                database: statements, clock: clock, writesPartnerEvents: partnerEvents, timeZone: timeZone),
            partner: SQLPartnerStore(database: statements, clock: clock),
            shoppingLists: SQLShoppingListStore(database: statements, clock: clock),
            shares: SQLCartShareStore(database: statements, clock: clock),
            products: SQLProductStore(database: statements, clock: clock),
            pickupSlots: SQLPickupSlotStore(database: statements, clock: clock),
            upstream: SQLUpstreamStore(database: statements),
            callQuota: SQLCallQuotaStore(database: statements),
            staffSessions: SQLStaffSessionStore(database: statements, clock: clock, boardChanges: boardChanges),
            screenPairings: SQLScreenPairingStore(database: statements, clock: clock, boardChanges: boardChanges),
            signInThrottle: InMemorySignInThrottle(), pictures: DiskOnlyPictures(),
            serverKey: try ServerKey.loadOrCreate(in: directory), boardChanges: boardChanges,
            services: [DatabaseCloser(database: database, logger: logger)],
            ping: database.ping,
            close: { try? database.close() })
    }

    package static func openPostgres(
        _ url: PostgresURL, clock: AppClock, logger: Logger, patience: PostgresPatience = .shopper,
        keepsConnectionsOpen: Bool = false, partnerEvents: Bool = false, timeZone: TimeZone = .current
    ) async throws -> Stores {
        let database = try await PostgresDatabase.open(
            url, logger: logger, patience: patience, keepsConnectionsOpen: keepsConnectionsOpen)
        do {
            let statements = PostgresRunner(database: database)
            let generations = CatalogGeneration()
            generations.advance(
                to: try await database.read { connection in try await PostgresCatalogHotPath.generation(connection) })
            let catalog = SQLCatalogStore(postgres: database, generations: generations, clock: clock)
            let carts = SQLCartStore(postgres: database, clock: clock)
            let boardChanges = BoardChanges()
            return Stores(
                catalog: catalog,
                edits: SQLRecipeEditStore(database: statements, clock: clock, generations: generations),
                carts: carts, catalogMemory: catalog, cartMemory: carts,
                orders: SQLOrderStore(
                    database: statements, clock: clock, generations: generations, writesPartnerEvents: partnerEvents,
                    timeZone: timeZone),
                partner: SQLPartnerStore(database: statements, clock: clock),
                shoppingLists: SQLShoppingListStore(database: statements, clock: clock),
                shares: SQLCartShareStore(database: statements, clock: clock),
                products: SQLProductStore(database: statements, clock: clock, generations: generations),
                pickupSlots: SQLPickupSlotStore(database: statements, clock: clock),
                upstream: SQLUpstreamStore(database: statements, generations: generations),
                callQuota: SQLCallQuotaStore(database: statements),
                staffSessions: SQLStaffSessionStore(database: statements, clock: clock, boardChanges: boardChanges),
                screenPairings: SQLScreenPairingStore(database: statements, clock: clock, boardChanges: boardChanges),
                signInThrottle: PostgresSignInThrottle(database: database),
                pictures: PostgresPictures(database: database, clock: clock),
                serverKey: try await PostgresServerKey.loadOrCreate(database), boardChanges: boardChanges,
                services: [
                    PostgresCloser(database: database),
                    CatalogGenerationListener(database: database, generations: generations, logger: logger),
                    PostgresBoardRelay(database: database, changes: boardChanges, logger: logger),
                ],
                ping: { try await database.read { connection in try await connection.run("SELECT 1") } },
                close: database.close)
        } catch {
            database.close()
            throw StorageStartError.unreachable(url.description, reason: PostgresDatabase.explain(error))
        }
    }
}
