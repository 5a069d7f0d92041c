import ServiceLifecycle

/// Closes the connection pool once everything else has stopped. Listed first among the app's services: the service
/// group shuts down in reverse order, so this runs after the HTTP server has answered its last request.
package struct PostgresCloser: Service {
    package let database: PostgresDatabase

    package func run() async throws {
        try? await gracefulShutdown()
        database.close()
    }
}
