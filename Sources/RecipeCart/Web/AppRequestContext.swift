import Hummingbird
import Logging
import NIOCore
import RecipeCartDomain

/// Per-request state, filled in by the middleware: who is asking, their session, and what the last form left to say.
package struct AppRequestContext: RequestContext, RemoteAddressRequestContext {
    package var coreContext: CoreRequestContextStorage
    package let remoteAddress: SocketAddress?
    package var session: ShopperSession?
    /// Set by a handler after a cart change, so the next page can play the badge animation.
    package var cartChanged = false
    /// What the form posted before this page wants the shopper to read (`StatusFlash`).
    var statusMessage: StatusMessage?
    /// The request's cookies, read once by `SessionMiddleware` for every middleware and handler after it.
    var sentCookies = SentCookies()
    /// Signed in with the staff token (`StaffSessionMiddleware`).
    package var isStaff = false
    /// A wall screen's cookie, when the request sent one and is not staff's (`StaffSessionMiddleware`).
    var screen: ScreenSignIn?
    /// The live staff or screen session the request came in on, to be checked again later (`StaffSessionMiddleware`).
    var staffSession: StaffSession?
    /// Behind a trusted proxy, the client it forwarded for (`ClientAddressMiddleware`).
    var forwardedClient: String?

    /// The peer, or behind a trusted proxy the client it forwarded for; worked out only when a handler asks.
    package var clientAddress: String { forwardedClient ?? remoteAddress?.ipAddress ?? "unknown" }

    package init(source: Source) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    package var maxUploadSize: Int { FormFields.maximumBodySize }

    /// The `{id}` of the route, parsed once; a malformed one is a recipe that is not there.
    func recipeID(else message: String) throws -> RecipeID {
        guard let id = parameters.get("id", as: RecipeID.self) else { throw AppError.notFound(message) }
        return id
    }

    /// The session; every shopper route sits behind `SessionMiddleware`, so it is always there.
    var shopper: ShopperSession {
        get throws {
            guard let session else { throw AppError.internal("no session on a shopper route") }
            return session
        }
    }
}
