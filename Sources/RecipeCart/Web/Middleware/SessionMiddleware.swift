import Hummingbird
import RecipeCartDomain

/// Finds the shopper's session in its signed cookie. A page view without one is a looker's: it starts no session, and
/// its forms carry the looker's token (`LookerToken`, set in `rc_looker` when the browser has none). A post without
/// one starts a fresh session and sets its cookie when it changed something, which every post answers with a
/// redirect; a refused post, or one that only shows a form again, leaves a looker, its page's forms carrying their
/// token. A cookie this server did not sign is ignored and cleared, so nobody can plant a session id on someone else.
/// Also reads the one-shot cookies a form post leaves for the next page, and clears them once shown, and gives every
/// post answered with a redirect a fresh send claim (`CookiePolicy.sendClaim`). A partner's signed call
/// (`Route.isSignedCall`) gets no session: it is no shopper, and must not be handed a cookie.
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
        let sentSession = sent[cookies.session]
        let verified = sentSession.flatMap(signer.session(fromCookie:))
        let looker = sent[cookies.looker].flatMap(LookerToken.init(cookie:))
        let isView = request.method == .get || request.method == .head
        // A page view without a session is a looker's: it starts none, so it has a token of its own to show.
        let isLooking = verified == nil && isView
        let session = verified ?? ShopperSession.fresh(looker: isLooking ? looker ?? .fresh() : looker)
        context.session = session
        let isPage = request.method == .get
        context.cartChanged = isPage && sent[cookies.cartChanged] != nil
        let flashCookie = sent[cookies.status]
        if isPage, let flashCookie {
            context.statusMessage = flash.message(fromCookie: flashCookie)
        }
        var response = try await next(request, context)
        let setsSession = response.headers[values: .setCookie].contains { $0.hasPrefix("\(cookies.session)=") }
        if isLooking {
            // Only a page has forms to post.
            if let looker = session.looker, looker.isFresh,
                response.headers[.contentType]?.hasPrefix("text/html") == true
            {
                response.setCookie(cookies.lookerCookie(looker))
            }
            if sentSession != nil, !setsSession { response.setCookie(cookies.expired(cookies.session)) }
        } else if session.isNew, !setsSession, (300..<400).contains(response.status.code) {
            response.setCookie(
                cookies.cookie(
                    cookies.session, value: signer.cookieValue(for: session), maxAge: CookiePolicy.sessionLifetime))
        }
        // Given with an answer only this browser reads, after anyone could have planted its session cookie.
        if !isView, (300..<400).contains(response.status.code) {
            response.setCookie(
                cookies.cookie(cookies.sendClaim, value: RandomToken.make(), maxAge: CookiePolicy.sessionLifetime))
        }
        // Only a page shows the message: fetching the list as text leaves it for the next page.
        if response.status == .ok, isPage, response.headers[.contentType]?.hasPrefix("text/html") == true {
            for cookie in cookies.clearingOneShots(cartChanged: context.cartChanged, status: flashCookie != nil) {
                response.setCookie(cookie)
            }
        }
        return response
    }
}
