import Foundation
import GRDB

/// The one SQLite file of a RecipeCart installation, in WAL mode so readers never wait for the writer.
public struct AppDatabase: Sendable {
    public static let fileName = "recipecart.sqlite"

    public let pool: DatabasePool

    public init(directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        configuration.maximumReaderCount = max(4, ProcessInfo.processInfo.activeProcessorCount * 2)
        configuration.prepareDatabase { db in
            // WAL with NORMAL sync survives a killed process; only a power cut may lose the last commits.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            try db.execute(sql: "PRAGMA foreign_keys = ON")
        }
        pool = try DatabasePool(path: directory.appendingPathComponent(Self.fileName).path, configuration: configuration)
        try Schema.migrator.migrate(pool)
    }

    /// Liveness check for `/healthz`.
    public func ping() async throws {
        _ = try await pool.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
    }
}
