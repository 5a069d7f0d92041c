import HTTPTypes
import Hummingbird
import HummingbirdCore
import NIOCore
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartStaticFiles
import RecipeCartStorage
import RecipeCartWire

/// The Browse and recipe pages a returning shopper gets from the page cache, and the cart and order pages they opened
/// before, answered on the event loop that read the request: what the router would answer (`BrowseController.index`,
/// `RecipeController.show`, `CartController.show`, `OrderController.show`, through the session, compression,
/// security-header and log middleware), without the hop to a task and back and the middleware chain, which were most
/// of their CPU. The path is matched against the route table (`Route.match`), as the router matches it. Only when
/// everything the page needs is in memory (`BrowseController.keptPage`, `RecipeController.keptPage`): the session of a
/// cookie that verified, the cart's count and, for a recipe, that the shopper stored nothing for it but perhaps a cart
/// line (on PostgreSQL, as read since the shopper's last post, `LastWrite`); for the cart and an order, the page kept
/// since (`KeptShopperPages`), without a message or badge bump to show; or a looker's (no session cookie: a first
/// visit, a crawler), whose forms carry their `LookerToken`. The message and badge a post leaves for its page are shown
/// and cleared here as `SessionMiddleware` does. A staff cookie, a session cookie that does not verify and anything
/// else go to the router. `EarlyPageAnswerTests` holds the two paths to the same bytes.
struct EarlyPageAnswers: EarlyAnswerSource {
    let browse: BrowseController
    let recipes: RecipeController
    let keptPages: KeptShopperPages
    let pages: PageContext
    let ending: EarlyAnswerFinisher

    func answer(_ request: HTTPRequest, uri: URI, date: String) -> (head: HTTPResponse, body: ByteBuffer?)? {
        let start = ContinuousClock.now
        let fields = request.headerFields
        let cookies = pages.cookies
        guard request.method == .get, Self.isWholeWithoutBody(fields), let (route, values) = Route.match(uri.path)
        else { return nil }
        let recipeID: RecipeID?
        switch route {
        case .recipe:
            guard let id = RecipeID(values[0]) else { return nil }
            recipeID = id
        case .browse, .cart, .order:
            recipeID = nil
        default:
            return nil
        }
        let sent = SentCookies(fields)
        guard sent[cookies.staff] == nil else { return nil }
        // What a post left for this page (`SessionMiddleware`): shown once, then cleared.
        let cartChanged = sent[cookies.cartChanged] != nil
        let statusCookie = sent[cookies.status]
        let lastWrite = sent[cookies.lastWrite].flatMap(LastWrite.init(cookie:))
        var looker: LookerToken?
        let page: ByteBuffer?
        if route == .cart || route == .order {
            guard statusCookie == nil, !cartChanged, let sessionCookie = sent[cookies.session],
                let session = pages.signer.session(fromCookie: sessionCookie)
            else { return nil }
            page = keptPages.page(route, path: uri.path, session: session, lastWrite: lastWrite)
        } else if let sessionCookie = sent[cookies.session] {
            guard let session = pages.signer.session(fromCookie: sessionCookie),
                let count = pages.cartMemory.itemCountInMemory(session: session.key, lastWrite: lastWrite)
            else { return nil }
            let status = statusCookie.flatMap(pages.flash.message(fromCookie:))
            let personal = pages.personalParts(
                session: session, cartCount: count, cartChanged: cartChanged, status: status)
            page = sharedPage(
                recipeID, query: uri.query, session: session, lastWrite: lastWrite, personal: personal, status: status)
        } else {
            // A looker: nothing stored, nothing signed; a post's leftovers without a session are the router's to clear.
            guard statusCookie == nil, !cartChanged else { return nil }
            let token = sent[cookies.looker].flatMap(LookerToken.init(cookie:)) ?? .fresh()
            looker = token
            let personal = pages.personalParts(csrfToken: token.value, cartCount: 0, cartChanged: false, status: nil)
            page = sharedPage(recipeID, query: uri.query, session: nil, lastWrite: nil, personal: personal, status: nil)
        }
        guard var body = page else { return nil }
        var headers = HTMLResponse.fields
        headers[.contentLength] = String(body.readableBytes)
        if let looker, looker.isFresh {
            headers.append(
                HTTPField(name: .setCookie, value: cookies.lookerCookie(looker).headerValue))
        }
        for cookie in cookies.clearingOneShots(cartChanged: cartChanged, status: statusCookie != nil) {
            headers.append(HTTPField(name: .setCookie, value: cookie.headerValue))
        }
        let treatment = PageCompression.treatment(length: body.readableBytes, requestHeaders: fields)
        if treatment != .asIs { headers.append(StaticFile.varyOnEncoding) }
        if treatment == .gzipped {
            guard let compressed = try? PageCompression.gzip(&body) else { return nil }
            body = compressed
            headers[.contentEncoding] = "gzip"
            headers[.contentLength] = String(body.readableBytes)
        }
        return (
            ending.head(
                .ok, headers, answering: request.method, path: uri.path, route: route.pattern, date: date, since: start
            ),
            body
        )
    }

    /// A recipe page, or a Browse page when `recipeID` is nil, from the page cache.
    private func sharedPage(
        _ recipeID: RecipeID?, query: String?, session: ShopperSession?, lastWrite: LastWrite?,
        personal: PersonalParts, status: StatusMessage?
    ) -> ByteBuffer? {
        guard let recipeID else { return browse.keptPage(forQuery: query)?.bytes(filledWith: personal) }
        return recipes.keptPage(
            recipeID, fields: FormFields.query(query), session: session, lastWrite: lastWrite, personal: personal,
            status: status)
    }
}
