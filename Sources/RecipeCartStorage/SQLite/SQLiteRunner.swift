import Dispatch
import Foundation
import GRDB
import RecipeCartDomain
import Synchronization

/// The statement runner on SQLite: `SQLiteDatabase`'s reads and writes, so its lock-out policy, its catalog generation and
/// its error classification hold for every statement.
///
/// GRDB lends a connection only to a closure that cannot await, on the connection's own thread, while a store's body
/// awaits each statement, as it must on PostgreSQL. So the closure serves the body: it starts the body as a task right
/// there (`Task.immediate`), where the body's statements run at once for as long as it waits for nothing else, which
/// is the whole body for most stores; a body that does wait goes on elsewhere and sends its statements back, and the
/// closure runs them in order until the body ends. The transaction is open exactly while the body runs, and only the
/// connection's thread ever touches the connection.
package struct SQLiteRunner: SQLRunner {
    package let database: SQLiteDatabase

    package init(database: SQLiteDatabase) {
        self.database = database
    }

    package var dialect: SQLDialect { .sqlite }

    package func read<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) async throws -> T) async throws -> T
    {
        try await database.read { db in try StatementPump.serve(db, body) }
    }

    package func write<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) async throws -> T) async throws
        -> T
    {
        try await database.write { db in try StatementPump.serve(db, body) }
    }

    package func forget(_ session: SessionKey) {
        database.sessionMemos.forget(session)
    }

    package func mayHaveStored(_ recipe: RecipeID, session: SessionKey) async throws -> Bool {
        try await database.sessionMemos.mayHaveStored(recipe, session: session, in: database)
    }
}

/// The statements one body sends to its connection's thread.
private final class StatementPump: Sendable {
    private enum Job {
        case statement(@Sendable (Database) -> Void)
        case bodyEnded
    }

    private let jobs = Mutex<(waiting: [Job], bodyEnded: Bool)>(([], false))
    private let jobArrived = DispatchSemaphore(value: 0)
    /// The connection and its thread, which `serve` holds while the body runs: a statement the body runs on that very
    /// thread needs no trip through `jobs`.
    private let servedThread: pthread_t
    nonisolated(unsafe) private let db: Database

    private init(db: Database) {
        self.db = db
        servedThread = pthread_self()
    }

    /// Runs `body` as a task, and its statements on `db` until it ends. Called on the connection's thread, which it
    /// holds until then. - Returns: what `body` returned; throws what it threw.
    static func serve<T: Sendable>(
        _ db: Database, _ body: @escaping @Sendable (any SQLConnection) async throws -> T
    ) throws -> T {
        let pump = StatementPump(db: db)
        let outcome = Outcome<T>()
        let operation: @Sendable () async -> Void = {
            do {
                outcome.set(.success(try await body(SQLiteSQLConnection(pump: pump))))
            } catch {
                outcome.set(.failure(error))
            }
            pump.end()
        }
        // Started here, the body runs on this thread until it first waits for something else than a statement, so
        // a body of statements alone never leaves it.
        if #available(macOS 26, *) {
            Task.immediate(operation: operation)
        } else {
            Task(operation: operation)
        }
        while case .statement(let run) = pump.next() {
            run(db)
        }
        return try outcome.get()
    }

    /// The connection, when the body calls from the connection's thread, not having left it yet.
    func connectionOnItsThread() -> Database? {
        guard pthread_equal(pthread_self(), servedThread) != 0 else { return nil }
        return jobs.withLock { jobs in jobs.bodyEnded } ? nil : db
    }

    /// Queues a statement for the connection's thread. - Returns: false once the body has ended.
    func send(_ statement: @escaping @Sendable (Database) -> Void) -> Bool {
        let queued = jobs.withLock { jobs in
            guard !jobs.bodyEnded else { return false }
            jobs.waiting.append(.statement(statement))
            return true
        }
        if queued { jobArrived.signal() }
        return queued
    }

    private func end() {
        jobs.withLock { jobs in
            jobs.bodyEnded = true
            jobs.waiting.append(.bodyEnded)
        }
        jobArrived.signal()
    }

    /// Waits for the next job.
    private func next() -> Job {
        jobArrived.wait()
        return jobs.withLock { jobs in jobs.waiting.removeFirst() }
    }

    /// What the body returned or threw.
    private final class Outcome<T: Sendable>: Sendable {
        private let result = Mutex<Result<T, any Error>?>(nil)

        func set(_ value: Result<T, any Error>) {
            result.withLock { $0 = value }
        }

        func get() throws -> T {
            try result.withLock { $0! }.get()
        }
    }
}

/// Statements run on the connection its `StatementPump` serves, with `?` placeholders.
private struct SQLiteSQLConnection: SQLConnection {
    let pump: StatementPump

    var dialect: SQLDialect { .sqlite }

    func execute(_ statement: SQLStatement) async throws -> Int {
        try await run { db in try db.execute(statement) }
    }

    func rows(_ statement: SQLStatement) async throws -> [SQLRow] {
        try await run { db in try db.rows(statement) }
    }

    /// Nothing to hold: SQLite writes one transaction at a time.
    func lockSession(_ session: SessionKey) async throws {}

    /// The row's times are the database clock's `app_now()`, so `now` is not needed.
    func touchSession(_ session: SessionKey, at now: Date) async throws {
        try await run { db in try SQLiteCartHotPath.touch(db, session) }
    }

    /// Nothing to hold: SQLite writes one transaction at a time.
    func lock(named name: String) async throws {}

    func recipe(_ id: RecipeID, for session: SessionKey?) async throws -> Recipe? {
        try await run { db in try SQLiteCatalogHotPath.fetchRecipe(db, id: id, for: session) }
    }

    func reindex(_ ids: [RecipeID]) async throws {
        try await run { db in
            for id in ids { try SQLiteCatalogHotPath.reindex(db, id: id) }
        }
    }

    func upsertRecipes(_ recipes: [Recipe], source: String, at time: Double) async throws {
        try await run { db in
            for recipe in recipes { try SQLiteCatalogHotPath.upsert(db, recipe: recipe, source: source) }
        }
    }

    private func run<T: Sendable>(_ work: @escaping @Sendable (Database) throws -> T) async throws -> T {
        if let db = pump.connectionOnItsThread() { return try work(db) }
        return try await withCheckedThrowingContinuation { continuation in
            let sent = pump.send { db in continuation.resume(with: Result { try work(db) }) }
            if !sent { continuation.resume(throwing: SQLConnectionOutlived()) }
        }
    }
}

extension Database {
    /// Runs a shared statement on this connection, as the shared runner does: for a backend's own path that must stay
    /// on GRDB's closure (`SQLiteCartHotPath`'s group commit). - Returns: how many rows it changed.
    @discardableResult
    package func execute(_ statement: SQLStatement) throws -> Int {
        try Self.prepare(statement, in: self).execute()
        return changesCount
    }

    /// Every row of a shared statement's answer.
    package func rows(_ statement: SQLStatement) throws -> [SQLRow] {
        let prepared = try Self.prepare(statement, in: self)
        let columns = prepared.columnNames
        return try Row.fetchAll(prepared).map { row in
            SQLRow(columns: columns, values: try row.databaseValues.map(Self.value))
        }
    }

    /// Kept prepared on the connection (compiling a statement was a tenth of the cart page's time), but for one with a
    /// list, whose text changes with its length.
    fileprivate static func prepare(_ statement: SQLStatement, in db: Database) throws -> Statement {
        let text = statement.text { _ in "?" }
        let prepared = try statement.hasList ? db.makeStatement(sql: text) : db.cachedStatement(sql: text)
        // As existentials: GRDB's initializer for a sequence of one concrete type builds a generic key path on
        // every call, which the profile of sending an order showed at 3 % of the process.
        try prepared.setArguments(
            StatementArguments(statement.arguments.map { Self.databaseValue($0) as (any DatabaseValueConvertible)? }))
        return prepared
    }

    fileprivate static func databaseValue(_ value: SQLValue) -> DatabaseValue {
        switch value {
        case .null: .null
        case .integer(let integer): integer.databaseValue
        case .real(let real): real.databaseValue
        case .text(let text): text.databaseValue
        case .bool(let bool): bool.databaseValue
        }
    }

    fileprivate static func value(_ value: DatabaseValue) throws -> SQLValue {
        switch value.storage {
        case .null: .null
        case .int64(let integer): .integer(integer)
        case .double(let real): .real(real)
        case .string(let text): .text(text)
        case .blob: throw SQLDecodingError(message: "a blob column, which is not read")
        }
    }
}

/// A statement sent after its read or write had ended, by a task the body left running: a bug in the body.
private struct SQLConnectionOutlived: Error, CustomStringConvertible {
    var description: String { "a statement was sent after its read or write had ended" }
}
