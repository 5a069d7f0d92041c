import Hummingbird

/// Names and flags of RecipeCart's cookies. Behind HTTPS (`--secure-cookies`) every name carries the `__Host-`
/// prefix, which browsers accept only with `Secure`, `Path=/` and no `Domain`, so no other host or path can set them.
struct CookiePolicy: Sendable {
    let secure: Bool

    var session: String { name("rc_session") }
    var staff: String { name("rc_staff") }
    /// A paired wall screen's session (`ScreenPairing`).
    var screen: String { name("rc_screen") }
    /// Binds the pairing code a screen shows to that screen's browser.
    var screenClaim: String { name("rc_screen_claim") }
    var cartChanged: String { name("rc_cart_changed") }
    var status: String { name("rc_status") }
    var lastWrite: String { name("rc_wrote") }
    /// A looker's form token (`LookerToken`), until their first post starts a session.
    var looker: String { name("rc_looker") }
    /// 16 fresh random bytes with every post's redirect, which only this browser reads: a send renews the session as
    /// an id made from it (`SessionSigner.renewed`), which a change from the browser's other tab follows, and whoever
    /// planted the session cookie before cannot make.
    var sendClaim: String { name("rc_claim") }

    /// The session's cookie, and the `rc_wrote` beside it, last as long as an idle session is kept.
    static let sessionLifetime = Int(SessionPurger.idleLimit)

    func name(_ base: String) -> String { secure ? "__Host-\(base)" : base }

    func cookie(_ name: String, value: String, maxAge: Int, sameSite: Cookie.SameSite = .lax) -> SetCookie {
        SetCookie(name: name, value: value, maxAge: maxAge, secure: secure, sameSite: sameSite)
    }

    /// A looker's token, kept as long as a session would be.
    func lookerCookie(_ token: LookerToken) -> SetCookie {
        cookie(looker, value: token.value, maxAge: Self.sessionLifetime)
    }

    func expired(_ name: String, sameSite: Cookie.SameSite = .lax) -> SetCookie {
        cookie(name, value: "", maxAge: 0, sameSite: sameSite)
    }
}

/// One of RecipeCart's cookies as its `Set-Cookie` header writes it, always `name=value; Path=/; Max-Age=N; HttpOnly`
/// then `Secure` when set and `SameSite` last. Hummingbird's `Cookie` writes its attributes in its dictionary's order,
/// which changes from one answer to the next, and a browser that does not know `SameSite` (Debian's lynx) takes it
/// for a cookie of its own and gives it every attribute after it: a `Path` after it lost the session on other paths.
struct SetCookie: Sendable {
    let name: String
    let value: String
    let maxAge: Int
    let secure: Bool
    let sameSite: Cookie.SameSite

    var headerValue: String {
        "\(name)=\(value); Path=/; Max-Age=\(maxAge); HttpOnly\(secure ? "; Secure" : ""); SameSite=\(sameSite.rawValue)"
    }
}

extension Response {
    mutating func setCookie(_ cookie: SetCookie) {
        headers[values: .setCookie].append(cookie.headerValue)
    }
}
