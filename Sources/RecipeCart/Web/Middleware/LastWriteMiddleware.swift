import Hummingbird
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartStorage

/// Stamps the answer to every post with its `LastWrite`, where several instances share the carts
/// (`CartStore.needsLastWrite`). Outside the error pages, so a post answered with an error is stamped too: it may
/// have written before it failed. A partner's signed call (`Route.isSignedCall`) is no browser's and gets none.
struct LastWriteMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let cookies: CookiePolicy
    let clock: AppClock

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var response = try await next(request, context)
        // Taken once the post's writes have committed, so a reading taken after it has seen them.
        if request.method != .get, request.method != .head, !Route.signedCallPaths.contains(request.uri.path) {
            response.setCookie(
                cookies.cookie(
                    cookies.lastWrite, value: LastWrite(clock.now()).cookieValue, maxAge: CookiePolicy.sessionLifetime))
        }
        return response
    }
}
