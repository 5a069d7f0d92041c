import Foundation
import GRDB
import RecipeCartContracts
import RecipeCartDomain
import Synchronization

/// The one SQLite file of a RecipeCart installation, in WAL mode so readers never wait for the writer.
/// The stores reach it only through `read` and `write`, so no write can skip the lock-out policy.
package struct SQLiteDatabase: Sendable {
    package static let fileName = "recipecart.sqlite"

    private let pool: DatabasePool
    private let lockout = LockedDatabaseLockout()
    /// The catalog generation as this process last saw it: advanced by its own writes as they commit, and read
    /// from the file again at most once a second, so a change by another process (`web import`) shows within a
    /// second while a cached page costs no database read.
    private let generation = CatalogGeneration()
    package static let generationRereadInterval: Duration = .seconds(1)
    /// What this process knows of each session between its writes; every store of this file, however often the
    /// process opens it, shares it.
    package let sessionMemos: SQLiteSessionMemos
    private let path: String

    /// `clock` answers the SQL function `app_now()`, which the stores write every timestamp with, so the rows
    /// and the pages agree on the time, in tests too.
    package init(directory: URL, clock: AppClock = .system) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        configuration.maximumReaderCount = max(4, ProcessInfo.processInfo.activeProcessorCount * 2)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA foreign_keys = ON")
            db.add(
                function: DatabaseFunction("app_now", argumentCount: 0, pure: false) { _ in
                    SQLiteTimestamp.text(for: clock.now())
                })
        }
        path = directory.appendingPathComponent(Self.fileName).standardizedFileURL.resolvingSymlinksInPath().path
        pool = try DatabasePool(path: path, configuration: configuration)
        sessionMemos = SQLiteSessionMemos.open(forFile: path)
        // Every commit reaches the disk before a write is answered: an acknowledged change survives a power cut.
        // Cart posts share their commits (`SQLiteGroupCommit`), so this costs one fsync a batch, not one a post. Set here,
        // on the writer, because the pool sets NORMAL when it turns WAL on, after `prepareDatabase` has run.
        try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        try Schema.migrator.migrate(pool)
    }

    /// A read of one consistent snapshot: WAL lets it run while a write is under way.
    package func read<T: Sendable>(_ value: @Sendable @escaping (Database) throws -> T) async throws -> T {
        do {
            return try await pool.read(value)
        } catch let error as DatabaseError {
            throw Self.classify(error)
        }
    }

    /// A write that fails fast while another process holds the database locked: the writes queued behind
    /// one that already waited out the busy timeout answer at once instead of each waiting in turn.
    /// - Parameter queuedAt: when the write was asked for; a batch of writes (`SQLiteGroupCommit`) gives its oldest.
    package func write<T: Sendable>(
        queuedAt: ContinuousClock.Instant = .now, _ updates: @Sendable @escaping (Database) throws -> T
    ) async throws -> T {
        // The check runs before the transaction begins, since beginning it is what waits on the lock, and
        // the lock is recorded before the writer moves on to the next queued write.
        let written: (T, Int)
        do {
            written = try await pool.writeWithoutTransaction { db in
                try lockout.check(queuedAt: queuedAt)
                var result: T?
                var generation = 0
                do {
                    try db.inTransaction(.immediate) {
                        result = try updates(db)
                        generation = try Self.storedGeneration(db)
                        return .commit
                    }
                } catch let error as DatabaseError
                    where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
                {
                    lockout.record()
                    throw error
                }
                return (result!, generation)
            }
        } catch let error as DatabaseError {
            throw Self.classify(error)
        }
        let (result, generation) = written
        self.generation.advance(to: generation)
        return result
    }

    /// A full or read-only disk, or a database another process holds locked: the shop recovers when the cause is
    /// gone, so these are `StorageError.unavailable`; any other SQLite error is a bug and stays what it is.
    package static let troubles: [ResultCode] = [
        .SQLITE_FULL, .SQLITE_READONLY, .SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_IOERR, .SQLITE_CANTOPEN,
    ]

    package static func classify(_ error: DatabaseError) -> any Error {
        troubles.contains(error.resultCode) ? StorageError.unavailable(reason: "\(error)") : error
    }

    /// The catalog generation (`CatalogStore.generation`), from memory unless a second has passed since it was
    /// last read from the file.
    package func catalogGeneration() async throws -> Int {
        if generation.isDueForReread(every: Self.generationRereadInterval) { try await rereadGeneration() }
        return generation.current
    }

    /// The catalog generation as last read, nil before the first read. Once a reread is due it is begun in the
    /// background: an answer from memory never waits for it, and another process's change still shows within about
    /// a second.
    package func catalogGenerationInMemory() -> Int? {
        guard generation.hasBeenRead else { return nil }
        if generation.claimReread(every: Self.generationRereadInterval) {
            Task { [self] in
                do { try await rereadGeneration() } catch { generation.rereadFailed() }
            }
        }
        return generation.current
    }

    private func rereadGeneration() async throws {
        let startedAt = ContinuousClock.now
        generation.reread(try await read { db in try Self.storedGeneration(db) }, startedAt: startedAt)
    }

    private static func storedGeneration(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT CAST(value AS INTEGER) FROM catalog_meta WHERE key = 'generation'") ?? 0
    }

    /// Moves the WAL into the database file, then closes every connection. The checkpoint is explicit: the pool
    /// closes its writer before its read-only readers, and neither may then checkpoint on close.
    package func close() throws {
        SQLiteSessionMemos.close(forFile: path)
        try pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        try pool.close()
    }

    /// Liveness check for `/healthz`.
    package func ping() async throws {
        _ = try await read { db in try Int.fetchOne(db, sql: "SELECT 1") }
    }
}

/// Remembers when a write last found the database locked by someone else: writes that were already
/// queued by then fail at once, while later ones try the lock afresh.
private final class LockedDatabaseLockout: Sendable {
    private let lockedAt = Mutex<ContinuousClock.Instant?>(nil)

    package func record() {
        lockedAt.withLock { $0 = .now }
    }

    package func check(queuedAt: ContinuousClock.Instant) throws {
        let waitedBehindLock = lockedAt.withLock { at in at.map { queuedAt < $0 } ?? false }
        if waitedBehindLock {
            throw DatabaseError(resultCode: .SQLITE_BUSY, message: "database is locked by another process")
        }
    }
}
