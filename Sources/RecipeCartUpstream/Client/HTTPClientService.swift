import AsyncHTTPClient
import ServiceLifecycle

/// Shuts the shared `HTTPClient` down when the app stops. Listed before the services that use the client,
/// so the service group, which stops services in reverse order, stops it last.
package struct HTTPClientService: Service {
    package let client: HTTPClient

    package init(client: HTTPClient) {
        self.client = client
    }

    package func run() async throws {
        // Throws only when cancelled; either way it is time to shut down.
        try? await gracefulShutdown()
        try await client.shutdown()
    }
}
