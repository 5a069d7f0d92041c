import Foundation
import HTTPTypes
import Hummingbird

/// Refuses state-changing requests sent by another site, before any form is read. A partner's signed call comes
/// from another server by design and is judged by its signature instead (`Route.isSignedCall`).
struct OriginGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        if request.method == .post, Self.isCrossSite(request), !Route.signedCallPaths.contains(request.uri.path) {
            throw AppError.forbidden("This form was sent from another website, so RecipeCart ignored it.")
        }
        return try await next(request, context)
    }

    static func isCrossSite(_ request: Request) -> Bool {
        if request.headers[HTTPField.Name("Sec-Fetch-Site")!]?.lowercased() == "cross-site" {
            return true
        }
        guard let origin = request.headers[.origin] else { return false }
        guard let host = request.head.authority else { return true }
        // `Origin: null` comes from sandboxed or privacy-stripped contexts: never our own pages.
        guard let url = URL(string: origin), let originHost = url.host else { return true }
        let originAuthority = url.port.map { "\(originHost):\($0)" } ?? originHost
        return originAuthority.lowercased() != host.lowercased()
    }
}
