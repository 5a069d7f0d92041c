import HTTPTypes
import Hummingbird

/// Adds the security headers to every response, pages, errors and static files alike.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    static var headers: HTTPFields {
        [
            .contentSecurityPolicy:
                "default-src 'self'; img-src 'self'; style-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
            .xContentTypeOptions: "nosniff",
            HTTPField.Name("Referrer-Policy")!: "same-origin",
            HTTPField.Name("X-Frame-Options")!: "DENY",
            HTTPField.Name("Cross-Origin-Opener-Policy")!: "same-origin",
        ]
    }

    let headers = Self.headers

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        for field in headers where response.headers[field.name] == nil {
            response.headers.append(field)
        }
        return response
    }
}
