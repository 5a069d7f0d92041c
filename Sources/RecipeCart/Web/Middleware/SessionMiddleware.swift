import Hummingbird

/// Finds the shopper's session in its signed cookie, or starts a fresh one and sets its cookie.
/// A cookie this server did not sign is ignored, so nobody can plant a session id on someone else.
struct SessionMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let signer: SessionSigner
    let secureCookies: Bool

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        let session = request.cookies[ShopperSession.cookieName].flatMap { signer.session(fromCookie: $0.value) }
            ?? ShopperSession.fresh()
        context.session = session
        let cartChanged = request.cookies[CartRedirect.cookieName] != nil
        context.cartChanged = cartChanged && request.method == .get
        var response = try await next(request, context)
        if session.isNew {
            response.setCookie(
                .init(
                    name: ShopperSession.cookieName, value: signer.cookieValue(for: session),
                    maxAge: 30 * 24 * 3600, path: "/", secure: secureCookies, httpOnly: true, sameSite: .lax))
        }
        if context.cartChanged, response.status == .ok {
            response.setCookie(.init(name: CartRedirect.cookieName, value: "", maxAge: 0, path: "/", httpOnly: true, sameSite: .lax))
        }
        return response
    }
}
