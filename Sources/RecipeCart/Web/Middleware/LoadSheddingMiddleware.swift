import HTTPTypes
import Hummingbird

/// Refuses, with a quick 503 and `Retry-After`, the requests the router has no room for (`RequestAdmission`). Pages
/// answered on the event loop, static files, the board's event stream and `/healthz` never wait for the router's
/// work, so they are not counted and never refused.
///
/// It stands twice in the chain. Pages are counted first thing. A post is counted only once its body has arrived
/// whole, after the checks that need no body (method, origin), so clients that send bodies slowly, or never finish
/// them, hold connections (which the request guard limits) but never the places shoppers' posts need. An upload (a
/// route whose body may be megabytes) is not read ahead, which would hold its megabytes for any client before any
/// check: it takes one of a few places of its own, and the route reads it, after the staff or CSRF check, so slow
/// uploads can only keep other uploads waiting.
struct LoadSheddingMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    /// Where in the chain this one stands, and so what it counts.
    enum Stage {
        /// Pages, first thing.
        case pages
        /// Posts and uploads, after the checks that need no body.
        case posts
    }

    let admission: RequestAdmission
    let stage: Stage

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let kind: RequestAdmission.Kind
        var request = request
        switch (stage, request.method) {
        case (.pages, .get), (.pages, .head):
            guard Self.isCounted(request.uri.path) else { return try await next(request, context) }
            kind = .page
        case (.posts, .post):
            let limit = Route.matching(request.uri.path)?.bodyLimit ?? FormFields.maximumBodySize
            if limit > FormFields.maximumBodySize {
                kind = .upload
            } else {
                kind = .post
                try await Self.awaitBody(of: &request, limit: limit)
            }
        default:
            return try await next(request, context)
        }
        guard admission.enter(kind) else { return Self.busy() }
        defer { admission.leave(kind) }
        return try await next(request, context)
    }

    /// Reads a post's body whole, up to what its route takes (a larger one throws the 413). A body announced larger
    /// is left to the route, which refuses it at once without reading it.
    private static func awaitBody(of request: inout Request, limit: Int) async throws {
        if let announced = request.headers[.contentLength].flatMap(Int.init), announced > limit { return }
        _ = try await request.collectBody(upTo: limit)
    }

    /// Static files, the board's event stream and `/healthz` never wait for the router's work.
    private static func isCounted(_ path: String) -> Bool {
        !(uncounted.contains(path) || path.hasPrefix("/static/") || path.hasPrefix("/images/"))
    }

    private static let uncounted: Set<String> = [Route.health.pattern, Route.staffEvents.pattern]

    /// Made without the renderer or the session: a refusal must cost next to nothing.
    private static func busy() -> Response {
        Response(
            status: .serviceUnavailable,
            headers: [
                .contentType: "text/html; charset=utf-8", .cacheControl: "no-store", .retryAfter: "1",
            ],
            body: .init(byteBuffer: .init(string: page)))
    }

    private static let page = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Busy · RecipeCart</title></head>
        <body><main><h1>Busy right now</h1><p>RecipeCart has more requests than it can answer at once. \
        Nothing was changed. Please try again in a moment.</p><p><a href="/">Back to the recipes</a></p></main></body></html>
        """
}
