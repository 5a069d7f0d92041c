import Hummingbird

/// Marks requests that carry a live staff session, so any page can tell staff from shoppers.
struct StaffSessionMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let authenticator: StaffAuthenticator
    let cookies: CookiePolicy

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard let value = context.sentCookies[cookies.staff] else { return try await next(request, context) }
        var context = context
        context.isStaff = try await authenticator.isSignedIn(value)
        return try await next(request, context)
    }
}
