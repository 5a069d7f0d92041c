import Foundation
import Hummingbird

/// The staff board behind the staff token: sign-in, sign-out, every cart, one cart.
struct StaffController: Sendable {
    let carts: CartStore
    let shoppingLists: ShoppingListBuilder
    let authenticator: StaffAuthenticator
    let throttle: LoginThrottle
    let labeler: CartLabeler
    let pages: PageContext
    let secureCookies: Bool

    func loginForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let prefilled = FormFields.query(of: request)["token"] ?? ""
        return try login(status: .ok, token: String(prefilled.prefix(200)), message: nil, context: context)
    }

    func login(_ request: Request, context: AppRequestContext) async throws -> Response {
        let address = Self.address(of: context)
        if let wait = await throttle.retryAfter(for: address) {
            var response = try login(
                status: .tooManyRequests, token: "", message: "Too many wrong tokens. Please wait \(wait) seconds and try again.",
                context: context)
            response.headers[.retryAfter] = String(wait)
            return response
        }
        let form = try await CSRFProtectedForm.read(request, session: try context.shopper, signer: pages.signer)
        guard let token = form["token"], authenticator.isValidToken(token) else {
            await throttle.recordFailure(for: address)
            return try login(status: .unauthorized, token: "", message: "That token is not right.", context: context)
        }
        await throttle.reset(for: address)
        var response = Response(status: .seeOther, headers: [.location: "/staff", .cacheControl: "no-store"])
        response.setCookie(.init(
            name: StaffAuthenticator.cookieName, value: authenticator.cookieValue(), maxAge: Int(StaffAuthenticator.lifetime),
            path: "/staff", secure: secureCookies, httpOnly: true, sameSite: .strict))
        return response
    }

    func logout(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try await CSRFProtectedForm.read(request, session: try context.shopper, signer: pages.signer)
        var response = Response(status: .seeOther, headers: [.location: "/staff/login", .cacheControl: "no-store"])
        response.setCookie(.init(
            name: StaffAuthenticator.cookieName, value: "", maxAge: 0, path: "/staff", secure: secureCookies,
            httpOnly: true, sameSite: .strict))
        return response
    }

    func board(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard isSignedIn(request) else { return try signInFirst(context) }
        let active = try await carts.activeCarts()
        return try await render(active, title: "Carts", context: context)
    }

    func cart(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard isSignedIn(request) else { return try signInFirst(context) }
        let label = context.parameters.get("label") ?? ""
        guard let match = try await carts.activeCarts().first(where: { labeler.label(for: $0.sessionHash) == label }) else {
            throw AppError.notFound("There is no cart with that label. It may have been emptied.")
        }
        return try await render([match], title: "Cart \(label)", context: context)
    }

    private func render(_ active: [ActiveCart], title: String, context: AppRequestContext) async throws -> Response {
        let pickList = try await shoppingLists.list(for: active.map(\.cart))
        let view = StaffBoardView(
            carts: active.map { (labeler.label(for: $0.sessionHash), $0) },
            pickList: ShoppingListRow.rows(pickList),
            csrfToken: pages.signer.csrfToken(for: try context.shopper), title: title, now: Date())
        return try pages.renderer.response("staff", view)
    }

    private func isSignedIn(_ request: Request) -> Bool {
        authenticator.isValidCookie(request.cookies[StaffAuthenticator.cookieName]?.value)
    }

    private func signInFirst(_ context: AppRequestContext) throws -> Response {
        try login(status: .unauthorized, token: "", message: "Please sign in with the staff token to see the carts.", context: context)
    }

    private func login(status: HTTPResponse.Status, token: String, message: String?, context: AppRequestContext) throws -> Response {
        let view = StaffLoginView(csrfToken: pages.signer.csrfToken(for: try context.shopper), token: token, message: message)
        return try pages.renderer.response("staff-login", view, status: status)
    }

    private static func address(of context: AppRequestContext) -> String {
        context.remoteAddress?.ipAddress ?? "unknown"
    }
}
