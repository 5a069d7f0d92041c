import Hummingbird

/// `GET /healthz`: 200 while the database answers.
struct HealthController: Sendable {
    let ping: @Sendable () async throws -> Void

    func addRoutes(to routes: RouteRegistrar) {
        routes.add(.health, .get, use: check)
    }

    func check(_ request: Request, context: AppRequestContext) async throws -> Response {
        do {
            try await ping()
            return Response(
                status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(string: #"{"status":"ok"}"#)))
        } catch {
            context.logger.error("health check failed: \(error)")
            return Response(
                status: .serviceUnavailable, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(string: #"{"status":"database unavailable"}"#)))
        }
    }
}
