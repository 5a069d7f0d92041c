import HTTPTypes
import Hummingbird

/// Finds who sent the request, believing `X-Forwarded-For` only from the trusted proxies.
struct ClientAddressMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!

    let trustedProxies: TrustedProxies

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard trustedProxies != .none else { return try await next(request, context) }
        var context = context
        context.forwardedClient = trustedProxies.clientAddress(
            peer: context.remoteAddress, forwardedFor: request.headers[values: Self.forwardedFor])
        return try await next(request, context)
    }
}
