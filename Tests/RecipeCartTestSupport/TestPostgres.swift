import Foundation
import Logging
import PostgresNIO
import RecipeCartStorage
import Synchronization
import Testing

/// The PostgreSQL server of the store contract tests: the one `RECIPECART_TEST_DATABASE_URL` names, or else a
/// throwaway cluster `Tests/support/postgres-cluster` starts on loopback for this test process (stopped when it
/// exits). Every test gets a database of its own, copied from a migrated template.
package actor TestPostgres {
    package static let shared = TestPostgres()

    /// PostgreSQL runs here when a server is named or PostgreSQL is installed. In CI it always runs: a missing
    /// server fails the PostgreSQL cases there instead of skipping them.
    package static var isAvailable: Bool { unavailableReason == nil }

    /// Why the PostgreSQL cases cannot run here, or nil when they can.
    package static let unavailableReason: String? = {
        let environment = ProcessInfo.processInfo.environment
        if environment["RECIPECART_TEST_DATABASE_URL"] != nil || environment["CI"] == "true" { return nil }
        let candidates =
            ((try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []).map {
                "/usr/lib/postgresql/\($0)/bin"
            }
            + (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        if candidates.contains(where: { FileManager.default.isExecutableFile(atPath: "\($0)/initdb") }) { return nil }
        return "PostgreSQL is not installed (no initdb under /usr/lib/postgresql/*/bin or on PATH) and "
            + "RECIPECART_TEST_DATABASE_URL names no server; install PostgreSQL or set it to run them"
    }()

    /// What a PostgreSQL case that cannot run here says, for `.enabled(if: TestPostgres.isAvailable, …)`.
    package static let skipComment = Comment(rawValue: "PostgreSQL cases skipped: \(unavailableReason ?? "none")")

    /// Ends the current test case as cancelled when PostgreSQL cannot run here: Swift Testing counts it as no failure
    /// and keeps the reason with the cancellation in its event stream, but its console shows a cancelled case of a
    /// parameterized test as passed. So the first such case also says why on standard error, and the run's end says
    /// how many there were.
    package static func skipUnlessAvailable() throws {
        guard let reason = unavailableReason else { return }
        let skipped = skippedCases.withLock { count in
            count += 1
            return count
        }
        if skipped == 1 {
            FileHandle.standardError.write(Data("PostgreSQL cases skipped: \(reason)\n".utf8))
            atexit {
                let count = TestPostgres.skippedCases.withLock { $0 }
                let reason = TestPostgres.unavailableReason ?? ""
                FileHandle.standardError.write(
                    Data("PostgreSQL cases skipped: \(count) test cases, counted above as passed: \(reason)\n".utf8))
            }
        }
        try Test.cancel(skipComment)
    }

    private static let skippedCases = Mutex<Int>(0)

    private static let template = "recipecart_template"
    private var server: Task<PostgresURL, any Error>?

    /// A new, migrated, empty database. - Returns: its URL.
    package func freshDatabase() async throws -> String {
        try await newDatabase(template: Self.template)
    }

    /// A new database with no tables, for a test that migrates it step by step. - Returns: its URL.
    package func emptyDatabase() async throws -> String {
        try await newDatabase(template: "template0")
    }

    private func newDatabase(template: String) async throws -> String {
        try Self.skipUnlessAvailable()
        let starting = server ?? Task { try await Self.startServer() }
        server = starting
        let server = try await starting.value
        let name = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        // Copies of one template cannot be made at the same moment ("being accessed by other users"): tests that
        // start together take turns.
        for attempt in 1...100 {
            do {
                try await Self.withConnection(to: server, database: server.database) { connection in
                    try await connection.query(
                        "CREATE DATABASE \(unescaped: name) TEMPLATE \(unescaped: template)", logger: Self.logger)
                }
                break
            } catch let error as ClusterError
                where attempt < 100 && error.message.contains("being accessed by other users")
            {
                try await Task.sleep(for: .milliseconds(Int.random(in: 20...80)))
            }
        }
        return Self.url(server, database: name)
    }

    private static func startServer() async throws -> PostgresURL {
        let text = try ProcessInfo.processInfo.environment["RECIPECART_TEST_DATABASE_URL"] ?? startCluster()
        let server = try PostgresURL(text)
        try await withConnection(to: server, database: server.database) { connection in
            try await connection.query("DROP DATABASE IF EXISTS \(unescaped: template)", logger: logger)
            try await connection.query("CREATE DATABASE \(unescaped: template)", logger: logger)
        }
        try await withConnection(to: server, database: template) { connection in
            try await PostgresSchema.migrate(connection, logger: logger)
        }
        return server
    }

    private static let logger = Logger(label: "RecipeCartTests.postgres")

    package static func withConnection(
        to server: PostgresURL, database: String, _ body: (PostgresConnection) async throws -> Void
    ) async throws {
        let connection = try await PostgresConnection.connect(
            configuration: .init(
                host: server.host, port: server.port, username: server.user, password: server.password,
                database: database, tls: .disable),
            id: 1, logger: logger)
        do {
            try await body(connection)
        } catch {
            try? await connection.close()
            throw ClusterError(message: "PostgreSQL for the tests: \(PostgresDatabase.explain(error))")
        }
        try await connection.close()
    }

    private static func url(_ server: PostgresURL, database: String) -> String {
        "postgres://\(server.user):\(server.password ?? "")@\(server.host):\(server.port)/\(database)?sslmode=disable"
    }

    /// Starts this process's cluster and answers its URL; `atexit` stops it again.
    private static func startCluster() throws -> String {
        let output = try run(["start", clusterDirectory, "--fast"])
        atexit {
            _ = try? TestPostgres.run(["stop", TestPostgres.clusterDirectory])
            try? FileManager.default.removeItem(atPath: TestPostgres.clusterDirectory)
        }
        guard let url = output.split(separator: "\n").last.map(String.init), url.hasPrefix("postgres://") else {
            throw ClusterError(message: "postgres-cluster printed no URL: \(output)")
        }
        return url
    }

    package nonisolated static let clusterDirectory = FileManager.default.temporaryDirectory
        .appendingPathComponent("recipecart-tests-postgres-\(getpid())").path

    struct ClusterError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// Runs the cluster script with its output in a file: a server it starts may keep a pipe open for good.
    @discardableResult
    package nonisolated static func run(_ arguments: [String]) throws -> String {
        let script = TestDirectories.packageRoot.appendingPathComponent("Tests/support/postgres-cluster").path
        let finished = try ChildProcess.run("/bin/bash", [script] + arguments)
        let text = finished.text
        guard finished.status == 0 else {
            throw ClusterError(
                message: "postgres-cluster \(arguments.joined(separator: " ")) failed (\(finished.status)): \(text)")
        }
        return text
    }
}
