import Hummingbird
import Logging
import NIOCore

/// Per-request state: the shopper's session, filled in by `SessionMiddleware`.
public struct AppRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?
    public var session: ShopperSession?
    /// Set by a handler after a cart change, so the next page can play the badge animation.
    public var cartChanged = false

    public init(source: Source) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    public var maxUploadSize: Int { FormFields.maximumBodySize }

    /// The session; every shopper route sits behind `SessionMiddleware`, so it is always there.
    var shopper: ShopperSession {
        get throws {
            guard let session else { throw AppError.internal("no session on a shopper route") }
            return session
        }
    }
}
