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
            // Tenths of a millisecond in integers: this runs for every request, where String(format:) is costly.
            let tenths = elapsed.seconds * 10_000 + elapsed.attoseconds / 100_000_000_000_000
            context.logger.log(
                level: level, "Request",
                metadata: [
                    "method": .string(request.method.rawValue), "path": .string(request.uri.path), "status": .string(status),
                    "ms": .string("\(tenths / 10).\(tenths % 10)"),
                ])
        }
        let response = try await next(request, context)
        status = String(response.status.code)
        return response
    }
}
