import Hummingbird

/// Stands in front of every staff page: without a live staff session the answer is the sign-in page, 401. A paired
/// wall screen passes where `access` admits screens and gets a 403 page elsewhere; a revoked one goes back to the
/// pairing page, which shows it a new code.
struct StaffOnlyMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let access: StaffAccess
    let signInPage: @Sendable (AppRequestContext) throws -> Response

    init(
        admitting access: StaffAccess = .staffOnly,
        signInPage: @escaping @Sendable (AppRequestContext) throws -> Response
    ) {
        self.access = access
        self.signInPage = signInPage
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        if context.isStaff { return try await next(request, context) }
        switch context.screen {
        case .paired:
            guard access == .staffAndScreens else { throw StaffAccess.screenRefused }
            return try await next(request, context)
        case .gone:
            return Response(
                status: .seeOther, headers: [.location: SiteURL.staffScreen.path, .cacheControl: "no-store"])
        case nil:
            return try signInPage(context)
        }
    }
}
