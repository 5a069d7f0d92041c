import HTTPTypes
import Hummingbird
import RecipeCartDomain

/// The security headers every answer carries: pages, errors and static files alike.
enum SecurityHeaders {
    static let fields: HTTPFields = [
        .contentSecurityPolicy:
            "default-src 'self'; img-src 'self'; style-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
        .xContentTypeOptions: "nosniff",
        HTTPField.Name("Referrer-Policy")!: "same-origin",
        HTTPField.Name("X-Frame-Options")!: "DENY",
        HTTPField.Name("Cross-Origin-Opener-Policy")!: "same-origin",
    ]

    /// Each one the answer does not set itself, after its own.
    static func add(to answer: inout HTTPFields) {
        for field in fields where answer[field.name] == nil {
            answer.append(field)
        }
    }
}

/// Adds the security headers to every response the router makes.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var response = try await next(request, context)
        SecurityHeaders.add(to: &response.headers)
        return response
    }
}
