import Logging
import ServiceLifecycle

/// Closes the database once everything else has stopped, so a graceful shutdown leaves it checkpointed with no WAL
/// behind. Listed first among the app's services: the service group shuts down in reverse order, so this runs
/// after the HTTP server has answered its last request.
package struct DatabaseCloser: Service {
    package let database: SQLiteDatabase
    package let logger: Logger

    package func run() async throws {
        try? await gracefulShutdown()
        do {
            try database.close()
        } catch {
            logger.warning("database not closed cleanly at shutdown: \(error)")
        }
    }
}
