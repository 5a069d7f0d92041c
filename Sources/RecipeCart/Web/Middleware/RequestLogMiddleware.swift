import Hummingbird
import Logging

/// One line a request: method, path and status. Never the query string, which can hold a search or a secret.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let level: Logger.Level

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        var status = "error"
        defer {
            let elapsed = start.duration(to: .now).components
            let milliseconds = Double(elapsed.seconds) * 1000 + Double(elapsed.attoseconds) / 1e15
            context.logger.log(
                level: level, "Request",
                metadata: [
                    "method": .string(request.method.rawValue), "path": .string(request.uri.path), "status": .string(status),
                    "ms": .string(String(format: "%.1f", milliseconds)),
                ])
        }
        let response = try await next(request, context)
        status = String(response.status.code)
        return response
    }
}
