import Foundation
import Logging
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartTestSupport
import Testing

/// The statement runner the stores written once run on (`SQLRunner`), on SQLite and on PostgreSQL alike.
@Suite struct SQLRunnerTests {
    private struct Thrown: Error, Equatable {}

    /// A runner on a fresh, migrated database of `backend`, for `body`.
    private func withRunner(_ backend: StoreBackend, _ body: (any SQLRunner) async throws -> Void) async throws {
        switch backend {
        case .sqlite:
            let database = try SQLiteDatabase(directory: try TestDirectories.fresh())
            defer { try? database.close() }
            try await body(SQLiteRunner(database: database))
        case .postgres:
            let url = try PostgresURL(try await TestPostgres.shared.freshDatabase())
            let database = try await PostgresDatabase.open(
                url, logger: Logger(label: "RecipeCartTests"), patience: .underTest)
            defer { database.close() }
            try await body(PostgresRunner(database: database))
        }
    }

    @Test(arguments: StoreBackend.all) func argumentsAreBoundAndColumnsReadByPositionAndName(backend: StoreBackend)
        async throws
    {
        try await withRunner(backend) { database in
            let row = try await database.read { connection in
                try await connection.row(
                    """
                    SELECT \(Int64(1) << 40) AS big, \("it's -- not SQL") AS text, \(2.5) AS real, \(true) AS yes,
                           CAST(\(nil as String?) AS TEXT) AS missing, 7 AS seven
                    """)
            }
            let answer = try #require(row)
            #expect(answer.columns == ["big", "text", "real", "yes", "missing", "seven"])
            #expect(try answer.value(at: 0, as: Int64.self) == 1 << 40)
            #expect(try answer.value(named: "text", as: String.self) == "it's -- not SQL")
            #expect(try answer.value(named: "real", as: Double.self) == 2.5)
            #expect(try answer.value(named: "yes", as: Bool.self))
            #expect(try answer.value(named: "missing", as: String?.self) == nil)
            #expect(try answer.value(named: "seven", as: Int.self) == 7)
            #expect(try answer.value(named: "seven", as: Double.self) == 7)
            let (big, text, real, yes, missing, seven) = try answer.decode(
                (Int, String, Double, Bool, String?, Int?).self)
            #expect(big == 1 << 40 && text == "it's -- not SQL" && real == 2.5 && yes && missing == nil && seven == 7)

            // What a column does not hold, or a column that is not there, is a bug in the caller: never "unavailable".
            #expect(throws: SQLDecodingError.self) { try answer.value(named: "text", as: Int.self) }
            #expect(throws: SQLDecodingError.self) { try answer.value(named: "missing", as: String.self) }
            #expect(throws: SQLDecodingError.self) { try answer.value(named: "nowhere", as: String.self) }
            #expect(throws: SQLDecodingError.self) { try answer.value(at: 6, as: String.self) }
            #expect(throws: SQLDecodingError.self) { try answer.decode((Int, String).self) }
            await #expect(throws: SQLDecodingError.self) {
                try await database.read { connection in
                    try await connection.value("SELECT \("seven") AS seven", as: Int.self)
                }
            }
        }
    }

    @Test(arguments: StoreBackend.all) func executeCountsTheRowsItChangedAndListsBindEachValue(backend: StoreBackend)
        async throws
    {
        try await withRunner(backend) { database in
            let keys = ["a", "b", "c"]
            let counts = try await database.write { connection in
                var counts: [Int] = []
                for key in keys {
                    counts.append(
                        try await connection.execute(
                            "INSERT INTO shop_settings (key, value) VALUES (\(key), \(key.uppercased()))"))
                }
                counts.append(
                    try await connection.execute(
                        "INSERT INTO shop_settings (key, value) VALUES (\("a"), \("again")) ON CONFLICT (key) DO NOTHING"
                    ))
                counts.append(
                    try await connection.execute(
                        "UPDATE shop_settings SET value = \("changed") WHERE key IN (\(list: ["a", "c", "z"]))"))
                counts.append(
                    try await connection.execute("DELETE FROM shop_settings WHERE key IN (\(list: [String]()))"))
                return counts
            }
            #expect(counts == [1, 1, 1, 0, 2, 0])
            let values = try await database.read { connection in
                try await connection.rows(
                    "SELECT key, value FROM shop_settings ORDER BY key", as: (String, String).self)
            }
            #expect(values.map(\.0) == keys && values.map(\.1) == ["changed", "B", "changed"])
            #expect(
                try await database.write { connection in try await connection.execute("DELETE FROM shop_settings") }
                    == 3)
        }
    }

    /// A statement run again (SQLite keeps it prepared) answers for its new arguments; one with a list, whose text
    /// changes with its length, is not kept.
    @Test(arguments: StoreBackend.all) func aStatementRunAgainAnswersForItsNewArguments(backend: StoreBackend)
        async throws
    {
        @Sendable func statement(_ key: String) -> SQLStatement { "SELECT \(key) || \("!") AS answer" }
        #expect(!statement("a").hasList)
        #expect(("SELECT 1 WHERE 1 IN (\(list: [1, 2]))" as SQLStatement).hasList)
        #expect(("SELECT 1 WHERE \("SELECT \(list: [1])" as SQLStatement)" as SQLStatement).hasList)
        try await withRunner(backend) { database in
            let answers = try await database.read { connection in
                var answers: [String] = []
                for key in ["a", "b", "a"] {
                    answers.append(try await connection.value(statement(key), as: String.self) ?? "none")
                }
                for list in [[1], [1, 2, 3], [4]] {
                    let count = try await connection.value(
                        "SELECT COUNT(*) FROM (SELECT 1 AS n UNION ALL SELECT 2 UNION ALL SELECT 3) AS t WHERE n IN (\(list: list))",
                        as: Int.self)
                    answers.append(String(count ?? -1))
                }
                return answers
            }
            #expect(answers == ["a!", "b!", "a!", "1", "3", "0"])
        }
    }

    @Test(arguments: StoreBackend.all) func aWriteIsOneTransactionEvenWhenItsBodyWaitsForSomethingElse(
        backend: StoreBackend
    ) async throws {
        try await withRunner(backend) { database in
            // A body that waits for something besides its statements goes on elsewhere; its statements still run on
            // its connection, in its transaction.
            try await database.write { connection in
                try await connection.execute("INSERT INTO shop_settings (key, value) VALUES ('first', '1')")
                try await Task.sleep(for: .milliseconds(5))
                try await connection.execute("INSERT INTO shop_settings (key, value) VALUES ('second', '2')")
                await Task.yield()
                #expect(try await connection.value("SELECT COUNT(*) FROM shop_settings", as: Int.self) == 2)
            }
            // A body that throws keeps nothing, and its error comes out as it was thrown.
            await #expect(throws: StorageError.notFound("thrown on purpose")) {
                try await database.write { connection in
                    try await connection.execute("INSERT INTO shop_settings (key, value) VALUES ('third', '3')")
                    try await Task.sleep(for: .milliseconds(5))
                    try await connection.execute("UPDATE shop_settings SET value = 'x' WHERE key = 'first'")
                    throw StorageError.notFound("thrown on purpose")
                }
            }
            let kept = try await database.read { connection in
                try await connection.rows(
                    "SELECT key, value FROM shop_settings ORDER BY key", as: (String, String).self)
            }
            #expect(kept.map(\.0) == ["first", "second"] && kept.map(\.1) == ["1", "2"])

            // Concurrent writes whose bodies wait between their statements all commit.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for number in 1...8 {
                    group.addTask {
                        try await database.write { connection in
                            let count =
                                try await connection.value(
                                    "SELECT COUNT(*) FROM shop_settings WHERE key LIKE 'n%'", as: Int.self) ?? 0
                            await Task.yield()
                            try await connection.execute(
                                "INSERT INTO shop_settings (key, value) VALUES (\("n\(number)"), \(String(count)))")
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(
                try await database.read { connection in
                    try await connection.value("SELECT COUNT(*) FROM shop_settings WHERE key LIKE 'n%'", as: Int.self)
                } == 8)
        }
    }

    @Test(arguments: StoreBackend.all) func anErrorInTheSQLIsABugNotAnUnavailableDatabase(backend: StoreBackend)
        async throws
    {
        try await withRunner(backend) { database in
            do {
                _ = try await database.read { connection in
                    try await connection.rows("SELECT no_such_column FROM shop_settings")
                }
                Issue.record("a statement naming no column ran")
            } catch {
                #expect(!StorageError.isUnavailable(error), "\(error)")
            }
            do {
                try await database.write { connection in
                    try await connection.execute("INSERT INTO shop_settings (key) VALUES ('no value')")
                }
                Issue.record("a row breaking a NOT NULL was written")
            } catch {
                #expect(!StorageError.isUnavailable(error), "\(error)")
            }
        }
    }

    /// Another process holding the SQLite file's write lock past the busy timeout, as `web import` may.
    @Test func aLockedSQLiteFileIsUnavailable() async throws {
        let directory = try TestDirectories.fresh()
        let holder = try SQLiteDatabase(directory: directory)
        let waiter = try SQLiteDatabase(directory: directory)
        defer {
            try? holder.close()
            try? waiter.close()
        }
        let (locked, lockedNow) = AsyncStream.makeStream(of: Void.self)
        let (release, releaseNow) = AsyncStream.makeStream(of: Void.self)
        async let held: Void = SQLiteRunner(database: holder).write { connection in
            try await connection.execute("INSERT INTO shop_settings (key, value) VALUES ('held', '1')")
            lockedNow.yield()
            for await _ in release { break }
        }
        for await _ in locked { break }
        do {
            try await SQLiteRunner(database: waiter).write { connection in
                try await connection.execute("INSERT INTO shop_settings (key, value) VALUES ('waited', '1')")
            }
            Issue.record("a write went through while another connection held the lock")
        } catch {
            #expect(StorageError.isUnavailable(error), "\(error)")
        }
        releaseNow.yield()
        try await held
        #expect(
            try await SQLiteRunner(database: waiter).read { connection in
                try await connection.values("SELECT key FROM shop_settings", as: String.self)
            } == ["held"])
    }

    /// A PostgreSQL pool that is gone, as when the server cannot be reached.
    @Test(.enabled(if: TestPostgres.isAvailable, TestPostgres.skipComment))
    func aPostgreSQLDatabaseThatDoesNotAnswerIsUnavailable() async throws {
        let url = try PostgresURL(try await TestPostgres.shared.freshDatabase())
        let database = try await PostgresDatabase.open(
            url, logger: Logger(label: "RecipeCartTests"),
            patience: PostgresPatience(normal: .seconds(2), duringOutage: .seconds(1)))
        database.close()
        for write in [false, true] {
            do {
                let runner = PostgresRunner(database: database)
                let body: @Sendable (any SQLConnection) async throws -> Int? = { connection in
                    try await connection.value("SELECT 1", as: Int.self)
                }
                _ = try await write ? runner.write(body) : runner.read(body)
                Issue.record("a closed pool answered")
            } catch {
                #expect(StorageError.isUnavailable(error), "\(error)")
            }
        }
    }

    /// Closing once idle lets a read under way end with its answer, then closes the pool (closed at once, the read
    /// fails; a write caught so by a failed start kept the server from ever exiting).
    @Test(.enabled(if: TestPostgres.isAvailable, TestPostgres.skipComment))
    func closingAPostgreSQLPoolOnceIdleLetsAReadUnderWayEnd() async throws {
        let url = try PostgresURL(try await TestPostgres.shared.freshDatabase())
        let database = try await PostgresDatabase.open(
            url, logger: Logger(label: "RecipeCartTests"), patience: .underTest)
        let runner = PostgresRunner(database: database)
        let started = AsyncStream<Void>.makeStream()
        let read = Task {
            try await runner.read { connection in
                started.continuation.yield()
                return try await connection.value("SELECT 7 FROM pg_sleep(0.3)", as: Int.self)
            }
        }
        for await _ in started.stream { break }
        await database.closeOnceIdle()
        #expect(try await read.value == 7)
        do {
            _ = try await runner.read { connection in try await connection.value("SELECT 1", as: Int.self) }
            Issue.record("a closed pool answered")
        } catch {
            #expect(StorageError.isUnavailable(error), "\(error)")
        }
    }
}
