import Foundation
import RecipeCartDomain

/// What the stores written once for both backends run their statements on: SQLite (`SQLiteRunner`, over
/// `SQLiteDatabase`) or PostgreSQL (`PostgresRunner`, over `PostgresDatabase`). Each keeps its backend's rules: a
/// database that does not answer is `StorageError.unavailable`, an error in the SQL stays what it is.
package protocol SQLRunner: Sendable {
    /// Which database it is, for a store whose tables differ between them.
    var dialect: SQLDialect { get }
    /// A read of one consistent snapshot.
    func read<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) async throws -> T) async throws -> T
    /// A write in one transaction, committed when `body` returns and rolled back when it throws. PostgreSQL may run
    /// `body` again after a lost serialization race, so it changes nothing but the database.
    func write<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) async throws -> T) async throws -> T
    /// Called after a write to a session's cart, versions or Undos: forgets what this process remembers of the
    /// session (SQLite's `SQLiteSessionMemos`; PostgreSQL keeps nothing that a write could make wrong).
    func forget(_ session: SessionKey)
    /// False when this process knows `session` has stored nothing for `recipe` (no cart line, own version or Undo),
    /// so a read of it can be skipped: SQLite's `SQLiteSessionMemos`; PostgreSQL knows nothing and says true.
    func mayHaveStored(_ recipe: RecipeID, session: SessionKey) async throws -> Bool
}

/// The connection a read or a write runs its statements on. A body must not reach the database any other way while
/// it runs: on SQLite the connection's thread waits for the body's statements.
package protocol SQLConnection: Sendable {
    var dialect: SQLDialect { get }
    /// Runs a statement for its effect. - Returns: how many rows it inserted, updated or deleted.
    @discardableResult func execute(_ statement: SQLStatement) async throws -> Int
    /// Every row of the answer.
    func rows(_ statement: SQLStatement) async throws -> [SQLRow]
    /// Holds off other writes to `session`'s cart until this transaction ends, as every cart write does: PostgreSQL's
    /// advisory lock, for instances writing one cart at once. SQLite has one writer at a time already.
    func lockSession(_ session: SessionKey) async throws
    /// Makes the session's row on its first write and marks it seen on every later one, as a cart write does
    /// (`SQLiteCartHotPath.touch`, which stamps the row with `app_now()`; PostgreSQL, with `now`).
    func touchSession(_ session: SessionKey, at now: Date) async throws
    /// Holds off other writes that take the lock of the same `name` until this transaction ends: PostgreSQL's advisory
    /// lock, for instances writing one thing at once. SQLite has one writer at a time already.
    func lock(named name: String) async throws
    /// A recipe as `session`'s shopper sees it (their own version over the shop's copy), or the shop's copy for nil,
    /// as the catalog reads it (`SQLiteCatalogHotPath.fetchRecipe`, `PostgresCatalogHotPath.fetchRecipe`).
    func recipe(_ id: RecipeID, for session: SessionKey?) async throws -> Recipe?
    /// Writes the recipes' search entries again from what browse shows of them: FTS5 on SQLite, `tsvector` on
    /// PostgreSQL.
    func reindex(_ ids: [RecipeID]) async throws
    /// Writes recipes as the catalog store does, leaving local edits untouched and making their search entries:
    /// `SQLiteCatalogHotPath.upsert` a recipe at a time, `PostgresCatalogHotPath.upsert` a batch a statement.
    func upsertRecipes(_ recipes: [Recipe], source: String, at time: Double) async throws
}

/// Which database a statement runs on, for the few places where their SQL differs.
package enum SQLDialect: Sendable {
    case sqlite
    case postgres

    /// The larger of its arguments: SQLite's many-argument `max`; PostgreSQL's `max` is an aggregate only.
    package var greatest: String { self == .sqlite ? "max" : "GREATEST" }

    /// The smaller of its arguments.
    package var least: String { self == .sqlite ? "min" : "LEAST" }

    /// Locks the rows a `SELECT` read until the transaction ends; SQLite has one writer at a time already.
    package var lockRows: String { self == .sqlite ? "" : " FOR UPDATE" }

    /// Locks the rows a `SELECT` of `table` read and leaves out those another transaction holds, so instances
    /// claiming work at once take different rows.
    package func lockRowsSkippingLocked(of table: String) -> String {
        self == .sqlite ? "" : " FOR UPDATE OF \(table) SKIP LOCKED"
    }

    /// What the `sessions` table's times are written as: on SQLite `app_now()`, the database clock's text timestamp
    /// (`SQLiteTimestamp`), which the purge and the cart compare; on PostgreSQL `now`, seconds since 1970.
    package func sessionTime(_ now: Date) -> SQLStatement {
        updatedAt(now)
    }

    /// What an `updated_at` column is written as, the sessions' and the edits' alike (see `sessionTime`).
    package func updatedAt(_ now: Date) -> SQLStatement {
        self == .sqlite ? "app_now()" : "\(now.timeIntervalSince1970)"
    }

    /// Equality that holds for two NULLs too: SQLite's `IS` (its `IS NOT DISTINCT FROM` needs 3.39, newer than
    /// some systems' library); PostgreSQL's `IS` takes only NULL, TRUE or FALSE.
    package var isNotDistinctFrom: String { self == .sqlite ? "IS" : "IS NOT DISTINCT FROM" }

    /// Whether `upstream_images` keeps claims (`claimed_at`): PostgreSQL's instances share the picture downloads, so
    /// each is claimed by the one instance that downloads it; SQLite's one process asks for each picture once.
    package var keepsImageClaims: Bool { self == .postgres }

    /// Whether deleting a recipe deletes its `recipe_search` entry too: PostgreSQL's references it and cascades;
    /// SQLite's FTS5 table holds no reference, so its entry is deleted by hand first.
    package var dropsSearchEntriesWithTheirRecipe: Bool { self == .postgres }
}

/// A record read from a row, by column name or position.
package protocol SQLRecord {
    init(row: SQLRow) throws
}

extension SQLConnection {
    /// The first row of the answer, if any.
    package func row(_ statement: SQLStatement) async throws -> SQLRow? {
        try await rows(statement).first
    }

    /// Every row of the answer, as records.
    package func rows<Record: SQLRecord>(_ statement: SQLStatement, as type: Record.Type) async throws -> [Record] {
        try await rows(statement).map(Record.init(row:))
    }

    /// The first row of the answer as a record, if any.
    package func row<Record: SQLRecord>(_ statement: SQLStatement, as type: Record.Type) async throws -> Record? {
        try await row(statement).map(Record.init(row:))
    }

    /// Every row of the answer, its columns as the types given.
    package func rows<each Column: SQLDecodable>(_ statement: SQLStatement, as types: (repeat each Column).Type)
        async throws -> [(repeat each Column)]
    {
        try await rows(statement).map { row in try row.decode(types) }
    }

    /// The first row of the answer, its columns as the types given, if any.
    package func row<each Column: SQLDecodable>(_ statement: SQLStatement, as types: (repeat each Column).Type)
        async throws -> (repeat each Column)?
    {
        try await rows(statement).first.map { row in try row.decode(types) }
    }

    /// The first column of the first row, if there is a row.
    package func value<Value: SQLDecodable>(_ statement: SQLStatement, as type: Value.Type) async throws -> Value? {
        try await rows(statement).first.map { row in try row.value(at: 0) }
    }

    /// The first column of every row.
    package func values<Value: SQLDecodable>(_ statement: SQLStatement, as type: Value.Type) async throws -> [Value] {
        try await rows(statement).map { row in try row.value(at: 0) }
    }
}
