import Hummingbird
import Logging
import Metrics
import Prometheus
import RecipeCartWire
import ServiceLifecycle

/// `GET /metrics` in Prometheus' text format on its own port (`--metrics-port`), apart from the shop's pages so that
/// only what can reach that port can read it. Each instance reports its own numbers.
struct MetricsServer: Service {
    let host: String
    let port: Int
    /// The same limits as the shop's own port (`--connection-timeout`).
    let timings: RequestGuardTimings
    let logger: Logger

    /// The one registry of this process: swift-metrics takes a single backend, chosen before anything is counted.
    static let registry: PrometheusCollectorRegistry = {
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: PrometheusMetricsFactory.defaultRegistry))
        return PrometheusMetricsFactory.defaultRegistry
    }()

    static let maxConnections = 32

    init(host: String, port: Int, timings: RequestGuardTimings, logger: Logger) {
        self.host = host
        self.port = port
        self.timings = timings
        self.logger = logger
        _ = Self.registry
    }

    func run() async throws {
        let router = Router(options: .autoGenerateHeadEndpoints)
        router.get("metrics") { _, _ in
            Response(
                status: .ok,
                headers: [
                    .contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store",
                    .xContentTypeOptions: "nosniff",
                ],
                body: .init(byteBuffer: ByteBuffer(bytes: Self.registry.emitToBuffer())))
        }
        for method in [HTTPRequest.Method.post, .put, .patch, .delete, .options] {
            router.on("metrics", method: method) { _, _ in
                Response(status: .methodNotAllowed, headers: [.allow: "GET, HEAD"])
            }
        }
        var logger = logger
        logger[metadataKey: "server"] = "metrics"
        // The same guard against slow and malformed clients as the shop's own port, and a cap of its own: a scraper
        // needs a connection or two, and this port's connections must not take the shop's descriptors.
        let connections = ConnectionLimit(maximum: Self.maxConnections)
        let app = Application(
            router: router,
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [HTTP1RequestGuardInstaller(timings: timings, connections: connections)],
                    idleTimeout: nil)),
            configuration: .init(
                address: .hostname(host, port: port), serverName: "RecipeCart metrics",
                availableConnectionsDelegate: connections.delegate),
            logger: logger)
        try await app.run()
    }
}
