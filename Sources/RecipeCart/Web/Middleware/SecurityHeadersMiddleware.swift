import HTTPTypes
import Hummingbird
import RecipeCartWire

/// Adds the security headers to every response the router makes.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var response = try await next(request, context)
        SecurityHeaders.add(to: &response.headers)
        return response
    }
}
