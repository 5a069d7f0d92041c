import Hummingbird

/// Marks requests that carry a live staff session, so any page can tell staff from shoppers.
struct StaffSessionMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let authenticator: StaffAuthenticator
    let cookies: CookiePolicy

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // Nearly every request is a shopper's, whose header names no staff cookie: a look at the raw header spares
        // parsing it a second time (`SessionMiddleware` parsed it), 4% of a cached page. A mere mention parses.
        guard request.headers[values: .cookie].contains(where: { $0.contains(cookies.staff) }),
              let value = request.cookies[cookies.staff]?.value
        else { return try await next(request, context) }
        var context = context
        context.isStaff = try await authenticator.isSignedIn(value)
        return try await next(request, context)
    }
}
