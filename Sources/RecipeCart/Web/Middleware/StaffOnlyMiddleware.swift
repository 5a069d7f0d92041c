import Hummingbird

/// Stands in front of every staff page: without a live staff session the answer is the sign-in page, 401.
struct StaffOnlyMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let signInPage: @Sendable (AppRequestContext) throws -> Response

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard context.isStaff else { return try signInPage(context) }
        return try await next(request, context)
    }
}
