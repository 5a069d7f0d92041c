import Hummingbird

/// Marks requests that carry a live staff session, so any page can tell staff from shoppers, and those that carry a
/// wall screen's cookie, so the staff routes can tell a paired screen from a revoked one.
struct StaffSessionMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let authenticator: StaffAuthenticator
    let screens: ScreenPairing
    let cookies: CookiePolicy

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var context = context
        if let value = context.sentCookies[cookies.staff] {
            context.isStaff = try await authenticator.isSignedIn(value)
        }
        if !context.isStaff, let value = context.sentCookies[cookies.screen] {
            context.screen = try await screens.isPaired(value) ? .paired : .gone
        }
        return try await next(request, context)
    }
}
