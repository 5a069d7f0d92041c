import HTTPTypes
import Hummingbird
import Logging
import RecipeCartStorage

/// One line a request: method, path and status. Never the query string, which can hold a search or a secret.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let level: Logger.Level

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let start = ContinuousClock.now
        var status = "error"
        defer {
            Self.log(
                level: level, method: request.method, path: request.uri.path, status: status, since: start,
                to: context.logger)
        }
        let response = try await next(request, context)
        status = String(response.status.code)
        return response
    }

    /// The line itself, shared with the answers given on the event loop.
    static func log(
        level: Logger.Level, method: HTTPRequest.Method, path: String, status: String,
        since start: ContinuousClock.Instant,
        to logger: Logger
    ) {
        guard logger.logLevel <= level else { return }
        let elapsed = start.duration(to: .now).components
        // Tenths of a millisecond in integers: this runs for every request, where String(format:) is costly.
        let tenths = elapsed.seconds * 10_000 + elapsed.attoseconds / 100_000_000_000_000
        logger.log(
            level: level, "Request",
            metadata: [
                "method": .string(method.rawValue), "path": .string(path), "status": .string(status),
                "ms": .string("\(tenths / 10).\(tenths % 10)"),
            ])
    }
}
