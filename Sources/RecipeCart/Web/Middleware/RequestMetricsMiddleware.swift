import Hummingbird

/// Counts every request the router answers into `RequestMetrics`, as Hummingbird's `MetricsMiddleware` would, when
/// its handler has answered (a stream, such as the staff board's events, is counted when it starts, not when it
/// ends). Static files, answered before routing, are counted under their folder's route, as the event loop's answers
/// count them.
struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: RequestMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let start = ContinuousClock.now
        let active = metrics.activeRequests(request.method)
        active.increment()
        let path = request.uri.path
        do {
            let response = try await next(request, context)
            metrics.count(
                route: context.endpointPath ?? Self.unrouted(path), method: request.method, status: response.status,
                took: ContinuousClock.now - start)
            active.decrement()
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status ?? .internalServerError
            metrics.count(
                route: context.endpointPath ?? "NotFound", method: request.method, status: status,
                took: ContinuousClock.now - start, isError: true)
            active.decrement()
            throw error
        }
    }

    /// Answers given before routing: static files by their folder; anything else as Hummingbird names it.
    private static func unrouted(_ path: String) -> String {
        path.hasPrefix("/static/") || path.hasPrefix("/images/") ? RequestMetrics.route(ofFile: path) : "Unknown"
    }
}
