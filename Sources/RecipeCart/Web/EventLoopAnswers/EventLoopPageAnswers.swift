import CompressNIO
import HTTPTypes
import Hummingbird
import HummingbirdCore
import NIOCore
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartWire

/// The Browse and recipe pages a returning shopper gets from the page cache, answered on the event loop that read the
/// request: what the router would answer (`BrowseController.index`, `RecipeController.show`, through the session,
/// compression, security-header and log middleware), without the hop to a task and back and the middleware chain,
/// which were most of their CPU. Only when everything the page needs is in memory (`BrowseController.keptPage`,
/// `RecipeController.keptPage`): the session of a cookie that verified, the cart's count and, for a recipe, that the
/// shopper stored nothing for it but perhaps a cart line (on PostgreSQL, as read since the shopper's last post,
/// `LastWrite`), or a looker's (no session cookie: a first visit, a crawler), whose forms carry their `LookerToken`.
/// The message and badge a post leaves for its page are shown and cleared here as `SessionMiddleware` does. A staff
/// cookie, a session cookie that does not verify and anything else go to the router. `EventLoopPageAnswerTests` holds
/// the two paths to the same bytes.
struct EventLoopPageAnswers: EventLoopAnswering {
    let browse: BrowseController
    let recipes: RecipeController
    let pages: PageContext
    let ending: EventLoopAnswerEnding

    func answer(_ request: HTTPRequest, uri: URI, date: String) -> (head: HTTPResponse, body: ByteBuffer?)? {
        let start = ContinuousClock.now
        let fields = request.headerFields
        let cookies = pages.cookies
        guard request.method == .get, Self.isWholeWithoutBody(fields) else { return nil }
        let recipeID =
            uri.path.hasPrefix(Self.recipePrefix) ? RecipeID(uri.path.dropFirst(Self.recipePrefix.count)) : nil
        guard uri.path == Route.browse.pattern || recipeID != nil else { return nil }
        let sent = SentCookies(fields)
        guard sent[cookies.staff] == nil else { return nil }
        // What a post left for this page (`SessionMiddleware`): shown once, then cleared.
        let cartChanged = sent[cookies.cartChanged] != nil
        let statusCookie = sent[cookies.status]
        let lastWrite = sent[cookies.lastWrite].flatMap(LastWrite.init(cookie:))
        let session: ShopperSession?
        let looker: LookerToken?
        let personal: PersonalParts
        let status: StatusMessage?
        if let sessionCookie = sent[cookies.session] {
            guard let verified = pages.signer.session(fromCookie: sessionCookie),
                let count = pages.cartMemory.itemCountInMemory(session: verified.key, lastWrite: lastWrite)
            else { return nil }
            session = verified
            looker = nil
            status = statusCookie.flatMap(pages.flash.message(fromCookie:))
            personal = pages.personalParts(
                session: verified, cartCount: count, cartChanged: cartChanged, status: status)
        } else {
            // A looker: nothing stored, nothing signed; a post's leftovers without a session are the router's to clear.
            guard statusCookie == nil, !cartChanged else { return nil }
            let token = sent[cookies.looker].flatMap(LookerToken.init(cookie:)) ?? .fresh()
            session = nil
            looker = token
            status = nil
            personal = pages.personalParts(csrfToken: token.value, cartCount: 0, cartChanged: false, status: nil)
        }
        let page: ByteBuffer?
        if let recipeID {
            page = recipes.keptPage(
                recipeID, fields: FormFields.query(uri.query), session: session, lastWrite: lastWrite,
                personal: personal, status: status)
        } else {
            page = browse.keptPage(forQuery: uri.query)?.bytes(filledWith: personal)
        }
        guard var body = page else { return nil }
        var headers = HTMLResponse.fields
        headers[.contentLength] = String(body.readableBytes)
        if let looker, looker.isFresh {
            headers.append(
                HTTPField(name: .setCookie, value: cookies.lookerCookie(looker).headerValue))
        }
        if cartChanged { headers.append(Self.clearing(cookies.cartChanged, cookies)) }
        if statusCookie != nil { headers.append(Self.clearing(cookies.status, cookies)) }
        if body.readableBytes >= Compression.minimumSize {
            headers.append(StaticFile.varyOnEncoding)
            if Compression.isGzipWanted(by: fields) {
                guard let compressed = try? body.compress(with: Compression.algorithm) else { return nil }
                body = compressed
                headers[.contentEncoding] = "gzip"
                headers[.contentLength] = String(body.readableBytes)
            }
        }
        let route = recipeID == nil ? Route.browse.pattern : Route.recipe.pattern
        return (
            ending.head(
                .ok, headers, answering: request.method, path: uri.path, route: route, date: date, since: start),
            body
        )
    }

    /// The `Set-Cookie` that clears a one-shot cookie once its page has shown it.
    private static func clearing(_ name: String, _ cookies: CookiePolicy) -> HTTPField {
        HTTPField(name: .setCookie, value: cookies.expired(name).headerValue)
    }

    /// What the router's compression middleware does to a page, done here the same way.
    private typealias Compression = HTMLCompressionMiddleware<AppRequestContext>

    /// `Route.recipe`'s pattern up to its id.
    private static let recipePrefix = String(Route.recipe.pattern.prefix { $0 != "{" })
}
