import Foundation
import Logging
import PostgresNIO

/// The PostgreSQL database several instances share. Stores reach it only through `read` and `write`, which turn a
/// server that is down or restarting into `StorageUnavailable` (a 503 page) and never wait for it longer than
/// `patience`, so pages that need no database keep answering through an outage.
final class PostgresDatabase: Sendable {
    static let patience: Duration = .seconds(5)

    let url: PostgresURL
    let client: PostgresClient
    let logger: Logger
    private let runner: Task<Void, Never>

    private init(url: PostgresURL, logger: Logger) {
        self.url = url
        self.logger = logger
        let client = PostgresClient(configuration: url.clientConfiguration, backgroundLogger: logger)
        self.client = client
        runner = Task { await client.run() }
    }

    /// Connects, checks the server can hold RecipeCart, and brings the schema up to date under an advisory lock,
    /// so instances starting together never run a migration twice.
    static func open(_ url: PostgresURL, logger: Logger) async throws -> PostgresDatabase {
        let database = PostgresDatabase(url: url, logger: logger)
        do {
            try await database.withDeadline(.seconds(10)) {
                try await database.client.withConnection { connection in try await PostgresSchema.migrate(connection, logger: logger) }
            }
        } catch {
            database.close()
            throw StorageStartError.unreachable(url.description, reason: Self.explain(error))
        }
        return database
    }

    /// A read on any pooled connection.
    func read<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        try await run { try await self.client.withConnection { connection in try await body(connection) } }
    }

    /// A write in one transaction. A transaction that lost a serialization race or a deadlock is tried again:
    /// PostgreSQL rolled it back whole, so nothing of it was applied.
    func write<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        try await run {
            var attempt = 0
            while true {
                attempt += 1
                do {
                    return try await self.client.withTransaction(logger: self.logger) { connection in try await body(connection) }
                } catch let error as PostgresTransactionError where attempt < 4 && Self.isRetryable(error) {
                    self.logger.debug("transaction retried", metadata: ["attempt": "\(attempt)"])
                }
            }
        }
    }

    func close() {
        runner.cancel()
    }

    private func run<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        do {
            return try await withDeadline(Self.patience, operation)
        } catch {
            throw Self.classify(error)
        }
    }

    /// Runs `operation`, cancelling it if it has not finished after `limit`. Cancellation only stops the wait for a
    /// connection: a query already sent runs to its end, and its result (success or not) is the answer.
    private func withDeadline<T: Sendable>(_ limit: Duration, _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try? await Task.sleep(for: limit)
                return nil
            }
            while let next = try await group.next() {
                if let value = next {
                    group.cancelAll()
                    return value
                }
                group.cancelAll()
            }
            throw StorageUnavailable(reason: "no answer from PostgreSQL within \(limit)")
        }
    }

    private static func isRetryable(_ error: PostgresTransactionError) -> Bool {
        for inner in [error.beginError, error.closureError, error.commitError] {
            if let psql = inner as? PSQLError, let state = psql.serverInfo?[.sqlState], ["40001", "40P01"].contains(state) { return true }
        }
        return false
    }

    /// A server that cannot be reached, is shutting down or is out of room is `StorageUnavailable`; an error in
    /// RecipeCart's own SQL stays what it is, a bug.
    static func classify(_ error: any Error) -> any Error {
        switch error {
        case is StorageUnavailable, is AppError, is EditConflict, is UndoRefusal, is CancellationError:
            return error
        case let error as PostgresTransactionError:
            return [error.beginError, error.closureError, error.commitError].compactMap { $0 }.first.map(classify) ?? error
        case let error as PSQLError:
            if error.code == .server {
                let state = error.serverInfo?[.sqlState] ?? ""
                let unavailable = ["08", "53", "57", "58"].contains(String(state.prefix(2)))
                return unavailable ? StorageUnavailable(reason: explain(error)) : error
            }
            return [.tooManyParameters, .invalidCommandTag, .messageDecodingFailure].contains(error.code)
                ? error : StorageUnavailable(reason: explain(error))
        case is PostgresDecodingError:
            return error
        default:
            // The pool's own errors: no connection could be made, or the wait was cut short.
            return StorageUnavailable(reason: "\(error)")
        }
    }

    /// What a person can act on: the server's own message, or what went wrong on the way to it.
    static func explain(_ error: any Error) -> String {
        if let error = error as? StorageStartError { return error.description }
        if let error = error as? StorageUnavailable { return error.reason }
        if let error = error as? PostgresTransactionError,
           let inner = [error.beginError, error.closureError, error.commitError].compactMap({ $0 }).first {
            return explain(inner)
        }
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] { return message }
            if let underlying = error.underlying { return "\(underlying)" }
            return "\(error.code)"
        }
        return "\(error)"
    }
}
