import Foundation
import Hummingbird
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartStorage

/// Staff sign in with the staff token and sign out; every other staff page sends whoever is not signed in here
/// (`signInFirst`).
struct StaffSignInController: Sendable {
    let authenticator: StaffAuthenticator
    let throttle: any SignInThrottle
    let pages: PageContext

    func addRoutes(to routes: RouteRegistrar) {
        routes.add(.staffLogin, .get, use: loginForm)
        routes.add(.staffLogin, .post, use: login)
        routes.add(.staffLogout, .post, use: logout)
    }

    /// The token is never taken from the address: addresses end up in logs, history and referrers.
    func loginForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        try login(status: .ok, message: nil, context: context)
    }

    func login(_ request: Request, context: AppRequestContext) async throws -> Response {
        // Counted before the body is read: tries whose headers came first cannot all wait for their verdict together.
        let triedAt = pages.clock.now()
        if let wait = try await throttle.reserve(for: context.clientAddress, now: triedAt) {
            var response = try login(
                status: .tooManyRequests, message: "Too many wrong tokens. Please wait \(wait) seconds and try again.",
                context: context)
            response.headers[.retryAfter] = String(wait)
            return response
        }
        let form: FormFields
        do {
            form = try await CSRFProtectedForm.read(request, session: try context.shopper, signer: pages.signer)
        } catch {
            // No token was judged, so no try was used: a forged or broken post cannot lock staff out.
            try await throttle.release(for: context.clientAddress, reservedAt: triedAt)
            throw error
        }
        guard let token = form["token"], authenticator.isValidToken(token) else {
            return try login(status: .unauthorized, message: "That token is not right.", context: context)
        }
        try await throttle.release(for: context.clientAddress, reservedAt: triedAt)
        var response = pages.redirect(to: SiteURL.staffBoard.path)
        response.setCookie(
            pages.cookies.cookie(
                pages.cookies.staff, value: try await authenticator.signIn(), maxAge: Int(StaffAuthenticator.lifetime),
                sameSite: .strict))
        return response
    }

    /// Ends the session on the server too, so a copy of the cookie is worth nothing afterwards.
    func logout(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try await CSRFProtectedForm.read(request, session: try context.shopper, signer: pages.signer)
        // A wall screen signs no one out, itself included: staff revoke it from the screens page.
        guard context.isStaff || context.screen != .paired else { throw StaffAccess.screenRefused }
        try await authenticator.signOut(context.sentCookies[pages.cookies.staff])
        var response = pages.redirect(to: SiteURL.staffLogin.path)
        response.setCookie(pages.cookies.expired(pages.cookies.staff, sameSite: .strict))
        return response
    }

    @Sendable func signInFirst(_ context: AppRequestContext) throws -> Response {
        try login(
            status: .unauthorized, message: "Please sign in with the staff token to see the carts.", context: context)
    }

    private func login(status: HTTPResponse.Status, message: String?, context: AppRequestContext) throws -> Response {
        let view = StaffLoginView(
            stylesheetURL: pages.assets.url(for: "staff.css"), iconURL: pages.assets.url(for: "icon.svg"),
            csrfToken: pages.signer.csrfToken(for: try context.shopper), message: message)
        var response = try pages.renderer.response(view, status: status)
        if status == .unauthorized {
            // RFC 9110 wants a challenge with every 401; this scheme names the form, and no browser pops a dialog for it.
            response.headers[.wwwAuthenticate] =
                #"StaffToken realm="RecipeCart staff", form="\#(SiteURL.staffLogin.path)""#
        }
        return response
    }
}
