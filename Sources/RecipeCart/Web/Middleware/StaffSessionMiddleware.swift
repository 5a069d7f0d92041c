import Hummingbird

/// Marks requests that carry a live staff session, so any page can tell staff from shoppers, and those that carry a
/// wall screen's cookie, so the staff routes can tell a paired screen from a revoked one. The session it found is kept
/// (`context.staffSession`) for the board's stream, which checks it again.
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
            if context.isStaff { context.staffSession = .staff(cookie: value, authenticator) }
        }
        if !context.isStaff, let value = context.sentCookies[cookies.screen] {
            let isPaired = try await screens.isPaired(value)
            context.screen = isPaired ? .paired : .gone
            if isPaired { context.staffSession = .screen(cookie: value, screens) }
        }
        return try await next(request, context)
    }
}
