import Foundation
import NIOCore
import PostgresNIO
import RecipeCartDomain

/// The statement runner on PostgreSQL: `PostgresDatabase`'s reads and transactions, so its deadline, its retries of a
/// lost serialization race and its error classification hold for every statement.
package struct PostgresRunner: SQLRunner {
    package let database: PostgresDatabase

    package init(database: PostgresDatabase) {
        self.database = database
    }

    package var dialect: SQLDialect { .postgres }

    package func read<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) async throws -> T) async throws -> T
    {
        try await database.read { connection in try await body(PostgresSQLConnection(connection: connection)) }
    }

    package func write<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) async throws -> T) async throws
        -> T
    {
        try await database.write { connection in try await body(PostgresSQLConnection(connection: connection)) }
    }

    /// Nothing to forget: what an instance remembers of a session is checked against the session's last write
    /// (`PostgresSessionReadings`).
    package func forget(_ session: SessionKey) {}

    /// Always true: an instance does not know what another stored.
    package func mayHaveStored(_ recipe: RecipeID, session: SessionKey) async throws -> Bool { true }
}

/// A pooled connection, or one in a transaction, running `SQLStatement`s with `$1`, `$2` … placeholders.
private struct PostgresSQLConnection: SQLConnection {
    let connection: PostgresConnection

    var dialect: SQLDialect { .postgres }

    func execute(_ statement: SQLStatement) async throws -> Int {
        try await query(statement).metadata.rows ?? 0
    }

    func rows(_ statement: SQLStatement) async throws -> [SQLRow] {
        let rows = try await query(statement).rows
        guard let first = rows.first else { return [] }
        let columns = first.map(\.columnName)
        return try rows.map { row in SQLRow(columns: columns, values: try row.map(Self.value)) }
    }

    /// Serialises the writes of one session across every instance, until the transaction ends.
    func lockSession(_ session: SessionKey) async throws {
        try await connection.run("SELECT pg_advisory_xact_lock(hashtext(\(session.hash)))")
    }

    func touchSession(_ session: SessionKey, at now: Date) async throws {
        let time = now.timeIntervalSince1970
        try await connection.run(
            """
            INSERT INTO sessions (id_hash, created_at, last_seen_at) VALUES (\(session.hash), \(time), \(time))
            ON CONFLICT (id_hash) DO UPDATE SET last_seen_at = excluded.last_seen_at
            """)
    }

    func lock(named name: String) async throws {
        try await connection.run("SELECT pg_advisory_xact_lock(hashtext(\(name)))")
    }

    func recipe(_ id: RecipeID, for session: SessionKey?) async throws -> Recipe? {
        try await PostgresCatalogHotPath.fetchRecipe(connection, id: id, for: session)
    }

    func reindex(_ ids: [RecipeID]) async throws {
        try await PostgresCatalogHotPath.reindex(connection, ids: ids)
    }

    func upsertRecipes(_ recipes: [Recipe], source: String, at time: Double) async throws {
        try await PostgresCatalogHotPath.upsert(connection, recipes: recipes, source: source, at: time)
    }

    /// The whole answer with its command tag, which tells how many rows a statement changed.
    private func query(_ statement: SQLStatement) async throws -> PostgresQueryResult {
        var bindings = PostgresBindings(capacity: statement.parts.count)
        for argument in statement.arguments {
            switch argument {
            case .null: bindings.appendNull()
            case .integer(let value): bindings.append(value)
            case .real(let value): bindings.append(value)
            case .text(let value): bindings.append(value)
            case .bool(let value): bindings.append(value)
            }
        }
        let query = PostgresQuery(unsafeSQL: statement.text { "$\($0)" }, binds: bindings)
        let answer: EventLoopFuture<PostgresQueryResult> = connection.query(
            query, logger: PostgresConnection.queryLogger)
        return try await answer.get()
    }

    /// A column's value. Only the types RecipeCart's tables use are read; any other is a bug in the statement.
    private static func value(_ cell: PostgresCell) throws -> SQLValue {
        guard cell.bytes != nil else { return .null }
        switch cell.dataType {
        case .bool: return .bool(try cell.decode(Bool.self))
        case .int2, .int4, .int8: return .integer(try cell.decode(Int64.self))
        case .float4, .float8: return .real(try cell.decode(Double.self))
        case .numeric: return .real(NSDecimalNumber(decimal: try cell.decode(Decimal.self)).doubleValue)
        case .text, .varchar, .bpchar, .name: return .text(try cell.decode(String.self))
        default:
            throw SQLDecodingError(message: "column \(cell.columnName) is of type \(cell.dataType), which is not read")
        }
    }
}
