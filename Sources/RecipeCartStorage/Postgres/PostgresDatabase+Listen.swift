import Logging
import PostgresNIO

extension PostgresDatabase {
    /// `LISTEN channel` on a connection of its own for as long as the task runs, listening again a second after the
    /// connection is lost. `connected` runs each time the listening starts, for what may have been missed meanwhile;
    /// `interrupted` when it stops.
    package func listen(
        to channel: String, naming what: String, logger: Logger,
        connected: @escaping @Sendable (PostgresConnection) async throws -> Void,
        heard: @escaping @Sendable (String) -> Void,
        interrupted: @escaping @Sendable () -> Void = {}
    ) async {
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    let notifications = try await connection.listen(channel)
                    try await connected(connection)
                    for try await notification in notifications { heard(notification.payload) }
                }
            } catch {
                guard !Task.isCancelled else { return }
                interrupted()
                logger.notice(
                    "\(what) interrupted; listening again", metadata: ["error": "\(PostgresDatabase.explain(error))"])
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }
}
