import Foundation
import Logging
import PostgresNIO
import RecipeCartContracts
import ServiceLifecycle

/// Carries board changes and sign-outs between instances: what happened here is told to the others with
/// `NOTIFY board_changes` (at most one telling every `tellEvery`, however many changes fell in it, so a busy shop's
/// stepper posts do not each queue one), and theirs are heard with `LISTEN`. Whenever the listening connection is
/// (re)made, the boards here read everything again, since a change may have gone by unheard. A sign-out that went by
/// unheard is left to each stream's own check, a minute later at most (`SessionRecheck`): every stream reading its
/// session the moment PostgreSQL returns met a precondition of postgres-nio's pool, which stopped the process.
package struct PostgresBoardRelay: Service {
    package static let channel = "board_changes"
    package static let tellEvery: Duration = .milliseconds(200)
    /// Follows the instance's id in a sign-out's notification; a change's is the id alone.
    package static let signOutWord = "sign-out"

    package let database: PostgresDatabase
    package let changes: BoardChanges
    package let logger: Logger
    /// Names this instance in its notifications, so it does not hear its own news twice.
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
        let signOut = "\(instance) \(Self.signOutWord)"
        await database.listen(
            to: Self.channel, naming: "board change notifications", logger: logger,
            connected: { _ in changes.heard() },
            heard: { payload in
                if payload.hasSuffix(" \(Self.signOutWord)") {
                    if payload != signOut { changes.heardSignOut() }
                } else if payload != instance {
                    changes.heard()
                }
            })
    }

    private func tell() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: Self.tellEvery)
            let untold = changes.takeUntold()
            guard !untold.isEmpty else { continue }
            let change = instance
            let signOut = "\(instance) \(Self.signOutWord)"
            do {
                try await database.write { connection in
                    if untold.contains(.change) {
                        try await connection.run("SELECT pg_notify(\(Self.channel), \(change))")
                    }
                    if untold.contains(.signOut) {
                        try await connection.run("SELECT pg_notify(\(Self.channel), \(signOut))")
                    }
                }
            } catch {
                changes.tellAgain(untold)
                logger.notice(
                    "could not tell other instances of a board change",
                    metadata: ["error": "\(PostgresDatabase.explain(error))"])
            }
        }
    }
}
