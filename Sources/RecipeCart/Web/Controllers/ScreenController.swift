import Foundation
import Hummingbird
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartStorage

/// Wall screens that sign in without a keyboard. The screen opens the pairing page and shows a code; staff type it
/// on their phone on the screens page; the screen's next request takes its session and lands on the board. Staff
/// see every paired screen there and revoke any of them.
struct ScreenController: Sendable {
    let pairing: ScreenPairing
    /// The staff sign-in's limit on wrong tries, counted apart from wrong tokens.
    let throttle: any SignInThrottle
    let pages: PageContext

    /// - Parameter signInPage: what the screens page answers without a staff session (the staff sign-in).
    func addRoutes(to routes: RouteRegistrar, signInPage: @escaping @Sendable (AppRequestContext) throws -> Response) {
        routes.add(.staffScreen, .get, use: show)
        routes.add(.staffScreenStatus, .get, use: status)
        let staffOnly = routes.group(behind: StaffOnlyMiddleware(admitting: .staffOnly, signInPage: signInPage))
        staffOnly.add(.staffScreens, .get, use: list)
        staffOnly.add(.staffScreens, .post, use: pair)
        staffOnly.add(.staffScreenRevoke, .post, use: revoke)
    }

    /// `GET /staff/screen`, on the wall screen: the board once paired, otherwise the code to type, the same code on
    /// every refresh until it is typed or expires.
    func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        if context.screen == .paired { return pages.redirect(to: SiteURL.staffBoard.path) }
        let claimCookie = context.sentCookies[pages.cookies.screenClaim]
        var response: Response
        switch try await pairing.claim(claimCookie) {
        case .waiting(let code):
            response = try page(code)
        case .paired:
            if let session = try await pairing.signIn(claim: claimCookie) {
                response = pages.redirect(to: SiteURL.staffBoard.path)
                response.setCookie(
                    pages.cookies.cookie(
                        pages.cookies.screen, value: session, maxAge: ScreenPairing.sessionCookieLifetime,
                        sameSite: .strict))
                response.setCookie(pages.cookies.expired(pages.cookies.screenClaim, sameSite: .strict))
                return response
            }
            response = try await offer()
        case .none:
            response = try await offer()
        }
        if context.screen == .gone {
            response.setCookie(pages.cookies.expired(pages.cookies.screen, sameSite: .strict))
        }
        return response
    }

    /// `GET /staff/screen/status`, asked every second by the screen's script: one word, `live` for a paired screen's
    /// session, else what its claim cookie names: `waiting`, `paired` or `none`.
    func status(_ request: Request, context: AppRequestContext) async throws -> Response {
        let word: String
        if context.screen == .paired {
            word = "live"
        } else {
            switch try await pairing.claim(context.sentCookies[pages.cookies.screenClaim]) {
            case .waiting: word = "waiting"
            case .paired: word = "paired"
            case .none: word = "none"
            }
        }
        return Response(
            status: .ok, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: word)))
    }

    /// `GET /staff/screens`: the pairing form and every paired screen.
    func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await listPage(status: .ok, context: context, flash: context.statusMessage?.text)
    }

    /// `POST /staff/screens`: `code` as the screen shows it and `name` for the list. A wrong, used or expired code
    /// counts against the same limit as a wrong staff token, so codes cannot be guessed from a signed-in phone either.
    func pair(_ request: Request, context: AppRequestContext) async throws -> Response {
        // Counted before the body is read, as the staff sign-in counts: a burst is judged against the limit as it stood.
        let client = "screen-code \(context.clientAddress)"
        let triedAt = pages.clock.now()
        if let wait = try await throttle.reserve(for: client, now: triedAt) {
            var response = try await listPage(
                status: .tooManyRequests, context: context,
                error: "Too many wrong codes. Please wait \(wait) seconds and try again.")
            response.headers[.retryAfter] = String(wait)
            return response
        }
        let form: FormFields
        do {
            form = try await CSRFProtectedForm.read(request, session: try context.shopper, signer: pages.signer)
        } catch {
            try await throttle.release(for: client, reservedAt: triedAt)
            throw error
        }
        // Shown again in the form to be corrected: cut short, and without the control characters HTML cannot hold.
        func echo(_ value: String?, _ limit: Int) -> String {
            let shown = (value ?? "").unicodeScalars.filter { $0.properties.generalCategory != .control }
            return String(String(shown).prefix(limit))
        }
        let typedCode = echo(form["code"], PairingCode.maximumTypedLength)
        let typedName = echo(form["name"], ScreenName.maximumLength * 2)
        func refused(_ status: HTTPResponse.Status, _ error: String) async throws -> Response {
            try await listPage(
                status: status, context: context, error: error, typedCode: typedCode, typedName: typedName)
        }
        // Typing that cannot be a code or a name is no guess: it uses no try.
        guard let code = form["code"].flatMap(PairingCode.init(typed:)) else {
            try await throttle.release(for: client, reservedAt: triedAt)
            return try await refused(
                .badRequest,
                "A pairing code is \(PairingCode.length) letters and digits, as the screen shows it, like KQ7-4MX.")
        }
        guard let name = ScreenName(typed: form["name"]) else {
            try await throttle.release(for: client, reservedAt: triedAt)
            return try await refused(
                .badRequest, "A screen’s name is at most \(ScreenName.maximumLength) letters, on one line.")
        }
        guard let id = try await pairing.pair(code, name: name) else {
            return try await refused(
                .unprocessableContent,
                "No screen is showing that code. A code works once and for \(Int(ScreenPairing.codeLifetime / 60)) "
                    + "minutes: open \(SiteURL.staffScreen.path) on the screen for a new one.")
        }
        try await throttle.release(for: client, reservedAt: triedAt)
        return pages.redirect(
            to: SiteURL.staffScreens.path + "#screen-\(id)",
            status: StatusMessage("“\(name.text)” is paired: it shows the board within 2 seconds."))
    }

    /// `POST /staff/screens/{id}/revoke`: the screen's session ends on every instance; within 2 seconds it shows a
    /// new pairing code.
    func revoke(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try await CSRFProtectedForm.read(request, session: try context.shopper, signer: pages.signer)
        guard let id = context.parameters.get("id"), id.utf8.count <= 32, try await pairing.store.revoke(id: id) else {
            throw AppError.notFound("There is no such screen. It may have been revoked already.")
        }
        return pages.redirect(
            to: SiteURL.staffScreens.path,
            status: StatusMessage("The screen is signed out: it shows a new pairing code within 2 seconds."))
    }

    private func offer() async throws -> Response {
        let (code, claimCookie) = try await pairing.offer()
        var response = try page(code)
        response.setCookie(
            pages.cookies.cookie(
                pages.cookies.screenClaim, value: claimCookie, maxAge: Int(ScreenPairing.codeLifetime * 2),
                sameSite: .strict))
        return response
    }

    private func page(_ code: PairingCode) throws -> Response {
        try pages.renderer.response(
            StaffScreenView(
                code: code, stylesheetURL: pages.assets.url(for: "staff.css"),
                iconURL: pages.assets.url(for: "icon.svg"),
                scriptURL: pages.assets.url(for: "screen.js")))
    }

    private func listPage(
        status: HTTPResponse.Status, context: AppRequestContext, error: String? = nil, typedCode: String = "",
        typedName: String = "", flash: String? = nil
    ) async throws -> Response {
        let view = StaffScreensView(
            screens: try await pairing.store.screens(), now: pages.clock.now(),
            csrfToken: pages.signer.csrfToken(for: try context.shopper),
            stylesheetURL: pages.assets.url(for: "staff.css"), iconURL: pages.assets.url(for: "icon.svg"),
            error: error, typedCode: typedCode, typedName: typedName, status: flash)
        return try pages.renderer.response(view, status: status)
    }
}
