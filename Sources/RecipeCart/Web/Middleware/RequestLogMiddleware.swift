import HTTPTypes
import Hummingbird
import Logging
import RecipeCartWire

/// One line a request: method, path and status. Never the query string, which can hold a search or a secret.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let log: RequestLog

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let start = ContinuousClock.now
        var status = "error"
        defer {
            if log.isWritten(by: context.logger) {
                log.write(
                    method: request.method, path: request.uri.path, status: status, elapsed: start.duration(to: .now),
                    requestID: context.logger[metadataKey: RequestLogLine.requestIDKey],
                    source: RequestLogLine.routerSource, to: context.logger)
            }
        }
        let response = try await next(request, context)
        status = String(response.status.code)
        return response
    }
}
