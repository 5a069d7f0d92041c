import Foundation
import Logging
import PostgresNIO
import RecipeCartContracts
import RecipeCartDomain
import Synchronization

/// The PostgreSQL database several instances share. Stores reach it only through `read` and `write`, which turn a
/// server that is down or restarting into `StorageError.unavailable` (a 503 page) and never wait for it longer than its
/// `PostgresPatience` (5 s, a second once it is known to be away), so pages that need no database keep answering
/// through an outage and the others answer the 503 page quickly.
package final class PostgresDatabase: Sendable {
    package let client: PostgresClient
    package let logger: Logger
    private let patience: PostgresPatience
    private let runner: Task<Void, Never>
    private let isAway = Atomic<Bool>(false)
    /// Reads and writes holding or waiting for a connection, which `closeOnceIdle` lets end first.
    private let operationsUnderway = Atomic<Int>(0)

    private init(url: PostgresURL, logger: Logger, patience: PostgresPatience, keepsConnectionsOpen: Bool) {
        self.logger = logger
        self.patience = patience
        let client = PostgresClient(
            configuration: url.clientConfiguration(keepsConnectionsOpen: keepsConnectionsOpen), backgroundLogger: logger
        )
        self.client = client
        runner = Task { await client.run() }
    }

    /// Connects, checks the server can hold RecipeCart, and brings the schema up to date under an advisory lock,
    /// so instances starting together never run a migration twice.
    package static func open(
        _ url: PostgresURL, logger: Logger, patience: PostgresPatience = .shopper, keepsConnectionsOpen: Bool = false
    ) async throws -> PostgresDatabase {
        do {
            let connection = try await PostgresConnection.connect(
                configuration: url.connectionConfiguration(), id: 0, logger: logger)
            do {
                try await PostgresSchema.migrate(connection, logger: logger)
            } catch {
                try? await connection.close()
                throw error
            }
            try await connection.close()
        } catch {
            throw StorageStartError.unreachable(url.description, reason: Self.explain(error))
        }
        return PostgresDatabase(
            url: url, logger: logger, patience: patience, keepsConnectionsOpen: keepsConnectionsOpen)
    }

    /// A read on any pooled connection.
    package func read<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T
    {
        try await run { connected in
            try await self.client.withConnection { connection in
                connected.set()
                return try await body(connection)
            }
        }
    }

    /// A write in one transaction. A transaction that lost a serialization race or a deadlock is tried again:
    /// PostgreSQL rolled it back whole, so nothing of it was applied.
    package func write<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws
        -> T
    {
        try await run { connected in
            var attempt = 0
            while true {
                attempt += 1
                do {
                    return try await self.client.withTransaction(logger: self.logger) { connection in
                        connected.set()
                        return try await body(connection)
                    }
                } catch let error as PostgresTransactionError where attempt < 4 && Self.isRetryable(error) {
                    self.logger.debug("transaction retried", metadata: ["attempt": "\(attempt)"])
                }
            }
        }
    }

    package func close() {
        runner.cancel()
    }

    /// Closes the pool once no read or write is under way, or after `limit`. When a service fails at start (a port
    /// already taken) the service group cancels every service at once; closed then, the pool caught the session
    /// purge's first write, which never ended, and the process never exited (four starts in six). Where in the pool
    /// that write waited was not found; a read caught so fails at once (`SQLRunnerTests`).
    package func closeOnceIdle(within limit: Duration = .seconds(5)) async {
        // A task of its own: the caller's may be cancelled, which would end every sleep at once.
        await Task {
            let deadline = ContinuousClock.now + limit
            while operationsUnderway.load(ordering: .relaxed) > 0, ContinuousClock.now < deadline {
                try? await Task.sleep(for: .milliseconds(10))
            }
        }.value
        close()
    }

    /// Records that the server went away (the listening connection dropped), so requests stop waiting for it at once
    /// rather than after their first `patience`; the next answer that arrives clears it.
    package func markAway() {
        isAway.store(true, ordering: .relaxed)
    }

    private func run<T: Sendable>(_ operation: @escaping @Sendable (Connected) async throws -> T) async throws -> T {
        let limit = isAway.load(ordering: .relaxed) ? self.patience.duringOutage : self.patience.normal
        operationsUnderway.add(1, ordering: .relaxed)
        defer { operationsUnderway.subtract(1, ordering: .relaxed) }
        do {
            let value = try await withDeadline(limit, operation)
            isAway.store(false, ordering: .relaxed)
            return value
        } catch {
            let classified = Self.classify(error)
            if StorageError.isUnavailable(classified) { isAway.store(true, ordering: .relaxed) }
            throw classified
        }
    }

    /// Set once the operation holds its connection, for `withDeadline` to see.
    private final class Connected: Sendable {
        private let flag = Atomic<Bool>(false)

        package var isSet: Bool { flag.load(ordering: .relaxed) }

        package func set() {
            flag.store(true, ordering: .relaxed)
        }
    }

    /// Runs `operation`, giving up when it has not got a connection after `limit`. Once connected it runs to its end
    /// however long that takes: a transaction cut off mid-way could commit after its request was told it failed.
    private func withDeadline<T: Sendable>(
        _ limit: Duration, _ operation: @escaping @Sendable (Connected) async throws -> T
    ) async throws -> T {
        let connected = Connected()
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await operation(connected) }
            group.addTask {
                await Self.sleep(for: limit)
                return nil
            }
            var timedOut = false
            while true {
                do {
                    guard let next = try await group.next() else { break }
                    if let value = next {
                        group.cancelAll()
                        return value
                    }
                    if !connected.isSet {
                        timedOut = true
                        group.cancelAll()
                    }
                } catch  where timedOut {
                    // The wait for a connection was cut short: the database did not answer in time.
                    break
                }
            }
            throw StorageError.unavailable(reason: "no connection to PostgreSQL within \(limit)")
        }
    }

    /// Sleeps on an event loop's timer, which a cancellation removes at once: a cancelled `Task.sleep` keeps its task
    /// and its timer allocated until its deadline (swiftlang/swift#60441), so every read, whose deadline is cancelled
    /// when it answers, held a few hundred bytes for the whole `limit`.
    private static func sleep(for limit: Duration) async {
        let wake = PostgresClient.defaultEventLoopGroup.any().scheduleTask(in: TimeAmount(limit)) {}
        await withTaskCancellationHandler {
            _ = try? await wake.futureResult.get()
        } onCancel: {
            wake.cancel()
        }
    }

    private static func isRetryable(_ error: PostgresTransactionError) -> Bool {
        for inner in [error.beginError, error.closureError, error.commitError] {
            if let psql = inner as? PSQLError, let state = psql.serverInfo?[.sqlState],
                ["40001", "40P01"].contains(state)
            {
                return true
            }
        }
        return false
    }

    /// A server that cannot be reached, is shutting down or is out of room is `StorageError.unavailable`; an error in
    /// RecipeCart's own SQL stays what it is, a bug.
    package static func classify(_ error: any Error) -> any Error {
        switch error {
        case is StorageError, is EditConflict, is UndoRefusal, is any WriteRefusal, is CancellationError,
            is SQLDecodingError:
            return error
        case let error as PostgresTransactionError:
            return [error.beginError, error.closureError, error.commitError].compactMap { $0 }.first.map(classify)
                ?? error
        case let error as PSQLError:
            if error.code == .server {
                let state = error.serverInfo?[.sqlState] ?? ""
                let unavailable = ["08", "53", "57", "58"].contains(String(state.prefix(2)))
                return unavailable ? StorageError.unavailable(reason: explain(error)) : error
            }
            return [.tooManyParameters, .invalidCommandTag, .messageDecodingFailure].contains(error.code)
                ? error : StorageError.unavailable(reason: explain(error))
        case is PostgresDecodingError:
            return error
        default:
            // The pool's own errors: no connection could be made, or the wait was cut short.
            return StorageError.unavailable(reason: "\(error)")
        }
    }

    /// What a person can act on: the server's own message, or what went wrong on the way to it.
    package static func explain(_ error: any Error) -> String {
        if let error = error as? StorageStartError { return error.description }
        if case .unavailable(let reason) = error as? StorageError { return reason }
        if let error = error as? PostgresTransactionError,
            let inner = [error.beginError, error.closureError, error.commitError].compactMap({ $0 }).first
        {
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
