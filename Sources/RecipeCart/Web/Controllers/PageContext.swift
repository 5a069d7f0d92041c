import Foundation
import Hummingbird
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartStorage

/// What every controller needs to render a page for the current shopper and to answer a form post.
struct PageContext: Sendable {
    let renderer: PageRenderer
    let carts: any CartStore
    let cartMemory: any CartMemory
    let signer: SessionSigner
    let assets: AssetURLs
    let cookies: CookiePolicy
    let flash: StatusFlash
    let clock: AppClock
    /// The shop's zone (`--time-zone`), which every time a page shows is in.
    let timeZone: TimeZone

    func chrome(title: String, section: String = "", context: AppRequestContext, status: StatusMessage? = nil)
        async throws -> PageChrome
    {
        chrome(title: title, section: section, personal: try await personalParts(context: context, status: status))
    }

    func chrome(
        title: String, section: String, session: ShopperSession?, cartCount: Int, cartChanged: Bool = false,
        status: StatusMessage? = nil
    ) -> PageChrome {
        chrome(
            title: title, section: section,
            personal: personalParts(session: session, cartCount: cartCount, cartChanged: cartChanged, status: status))
    }

    /// The parts of a page that belong to one shopper; everything else can be cached and shared.
    func personalParts(session: ShopperSession?, cartCount: Int, cartChanged: Bool, status: StatusMessage? = nil)
        -> PersonalParts
    {
        personalParts(
            csrfToken: session.map(signer.csrfToken) ?? "", cartCount: cartCount, cartChanged: cartChanged,
            status: status)
    }

    func personalParts(csrfToken: String, cartCount: Int, cartChanged: Bool, status: StatusMessage?) -> PersonalParts {
        PersonalParts(
            csrfToken: csrfToken, cartCount: String(cartCount), cartCountLabel: DisplayText.cartBadgeLabel(cartCount),
            badgeClass: cartChanged ? "badge badge--bump" : "badge",
            statusHTML: status?.html(csrfToken: csrfToken) ?? "")
    }

    /// `status` replaces the message the previous post left, when the page has a more current one to show.
    func personalParts(context: AppRequestContext, status: StatusMessage? = nil) async throws -> PersonalParts {
        let session = try context.shopper
        let count = session.isNew ? 0 : try await carts.itemCount(session: session.key)
        return personalParts(
            session: session, cartCount: count, cartChanged: context.cartChanged,
            status: status ?? context.statusMessage)
    }

    func chrome(title: String, section: String, personal: PersonalParts) -> PageChrome {
        PageChrome(
            title: title, cartCount: personal.cartCount, cartCountLabel: personal.cartCountLabel,
            csrfToken: personal.csrfToken,
            stylesheetURL: assets.url(for: "app.css"), scriptURL: assets.url(for: "app.js"),
            iconURL: assets.url(for: "icon.svg"),
            badgeClass: personal.badgeClass, statusHTML: personal.statusHTML, isBrowse: section == "browse",
            isCart: section == "cart")
    }

    /// A shared page's key in a `PageCache`. The asset addresses are part of it: a restyled Public/ gives pages with
    /// the new fingerprints.
    func cacheKey(_ page: String) -> String {
        page + " " + assetAddresses
    }

    /// The fingerprinted stylesheet and script addresses every page links to: a page kept with other ones is stale.
    var assetAddresses: String {
        assets.url(for: "app.css") + " " + assets.url(for: "app.js")
    }

    /// The session a shopper's first stored row goes under: a fresh id (set by `redirect`), so a cookie planted on
    /// the shopper before cannot follow them.
    func writableSession(for context: AppRequestContext) async throws -> ShopperSession {
        let session = try context.shopper
        if session.isNew { return session }
        return try await carts.hasSession(session.key) ? session : ShopperSession.fresh()
    }

    /// Post/Redirect/Get: a 303 to a local path, never cached, with what the next page should say, and the
    /// session cookie when the write went under a rotated session.
    func redirect(
        to location: String, status: StatusMessage? = nil, session: ShopperSession? = nil, cartChanged: Bool = false
    ) -> Response {
        var response = Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
        if var status {
            status.anchor = location.split(separator: "#", maxSplits: 1).dropFirst().first.map(String.init)
            response.setCookie(
                cookies.cookie(cookies.status, value: flash.cookieValue(for: status), maxAge: StatusFlash.lifetime))
        }
        if let session, session.isNew {
            response.setCookie(
                cookies.cookie(
                    cookies.session, value: signer.cookieValue(for: session), maxAge: CookiePolicy.sessionLifetime))
        }
        if cartChanged {
            response.setCookie(cookies.cookie(cookies.cartChanged, value: "1", maxAge: 10))
        }
        return response
    }
}
