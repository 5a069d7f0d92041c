import ServiceLifecycle

/// Closes the connection pool once everything else has stopped. Listed first among the app's services: the service
/// group shuts down in reverse order, so this runs after the HTTP server has answered its last request. A group that
/// is cancelled instead (a service failed) stops every service at once; the pool then closes once the reads and
/// writes under way have ended.
package struct PostgresCloser: Service {
    package let database: PostgresDatabase

    package func run() async throws {
        try? await gracefulShutdown()
        await database.closeOnceIdle()
    }
}
