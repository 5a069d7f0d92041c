import Foundation
import Logging
import PostgresNIO
import ServiceLifecycle

/// Carries board changes between instances: a change written here is told to the others with `NOTIFY board_changes`
/// (at most one notification every `tellEvery`, however many changes fell in it, so a busy shop's stepper posts do not
/// each queue one), and theirs are heard with `LISTEN`. Whenever the listening connection is (re)made, the boards here
/// read everything again, since a change may have gone by unheard.
package struct PostgresBoardRelay: Service {
    package static let channel = "board_changes"
    package static let tellEvery: Duration = .milliseconds(200)

    package let database: PostgresDatabase
    package let changes: BoardChanges
    package let logger: Logger
    /// Names this instance in its notifications, so it does not hear its own changes twice.
    private let instance = UUID().uuidString

    package init(database: PostgresDatabase, changes: BoardChanges, logger: Logger) {
        self.database = database
        self.changes = changes
        self.logger = logger
    }

    package func run() async throws {
        await cancelWhenGracefulShutdown {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await listen() }
                group.addTask { await tell() }
                await group.waitForAll()
            }
        }
    }

    private func listen() async {
        let instance = instance
        await database.listen(
            to: Self.channel, naming: "board change notifications", logger: logger,
            connected: { _ in changes.heard() },
            heard: { payload in
                if payload != instance { changes.heard() }
            })
    }

    private func tell() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: Self.tellEvery)
            guard changes.takeUntold() else { continue }
            let instance = instance
            do {
                try await database.write { connection in
                    try await connection.run("SELECT pg_notify(\(Self.channel), \(instance))")
                }
            } catch {
                changes.tellAgain()
                logger.notice(
                    "could not tell other instances of a board change",
                    metadata: ["error": "\(PostgresDatabase.explain(error))"])
            }
        }
    }
}
