import Hummingbird

/// Finds the shopper's session in its signed cookie, or starts a fresh one and sets its cookie.
/// A cookie this server did not sign is ignored, so nobody can plant a session id on someone else.
/// Also reads the one-shot cookies a form post leaves for the next page, and clears them once shown. A partner's
/// signed call (`Route.isSignedCall`) gets no session: it is no shopper, and must not be handed a cookie.
struct SessionMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let signer: SessionSigner
    let flash: StatusFlash
    let cookies: CookiePolicy

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        if Route.signedCallPaths.contains(request.uri.path) { return try await next(request, context) }
        var context = context
        let sent = SentCookies(request.headers)
        context.sentCookies = sent
        let session = sent[cookies.session].flatMap(signer.session(fromCookie:)) ?? ShopperSession.fresh()
        context.session = session
        let isPage = request.method == .get
        context.cartChanged = isPage && sent[cookies.cartChanged] != nil
        let flashCookie = sent[cookies.status]
        if isPage, let flashCookie {
            context.statusMessage = flash.message(fromCookie: flashCookie)
        }
        var response = try await next(request, context)
        if session.isNew, response.headers[values: .setCookie].allSatisfy({ !$0.hasPrefix("\(cookies.session)=") }) {
            response.setCookie(
                cookies.cookie(
                    cookies.session, value: signer.cookieValue(for: session), maxAge: CookiePolicy.sessionLifetime))
        }
        // Only a page shows the message: fetching the list as text leaves it for the next page.
        if response.status == .ok, isPage, response.headers[.contentType]?.hasPrefix("text/html") == true {
            if context.cartChanged { response.setCookie(cookies.expired(cookies.cartChanged)) }
            if flashCookie != nil { response.setCookie(cookies.expired(cookies.status)) }
        }
        return response
    }
}
