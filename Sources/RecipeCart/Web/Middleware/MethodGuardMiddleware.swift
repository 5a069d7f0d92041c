import HTTPTypes
import Hummingbird

/// Methods RecipeCart never answers (TRACE, PROPFIND, anything unknown) are a 405 with `Allow` on every path,
/// static files included, rather than a 404 that suggests the address is wrong.
struct MethodGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    static var knownMethods: Set<HTTPRequest.Method> { Set(RouteRegistrar.knownMethods) }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard Self.knownMethods.contains(request.method) else { throw AppError.methodNotAllowed }
        return try await next(request, context)
    }
}
