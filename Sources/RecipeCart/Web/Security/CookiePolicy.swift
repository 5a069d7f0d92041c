import Hummingbird
import RecipeCartDomain

/// Names and flags of RecipeCart's cookies. Behind HTTPS (`--secure-cookies`) every name carries the `__Host-`
/// prefix, which browsers accept only with `Secure`, `Path=/` and no `Domain`, so no other host or path can set them.
struct CookiePolicy: Sendable {
    let secure: Bool

    var session: String { name("rc_session") }
    var staff: String { name("rc_staff") }
    var cartChanged: String { name("rc_cart_changed") }
    var status: String { name("rc_status") }
    var lastWrite: String { name("rc_wrote") }

    /// The session's cookie, and the `rc_wrote` beside it, last as long as an idle session is kept.
    static let sessionLifetime = Int(SessionPurger.idleLimit)

    func name(_ base: String) -> String { secure ? "__Host-\(base)" : base }

    func cookie(_ name: String, value: String, maxAge: Int, sameSite: Cookie.SameSite = .lax) -> Cookie {
        Cookie(name: name, value: value, maxAge: maxAge, path: "/", secure: secure, httpOnly: true, sameSite: sameSite)
    }

    func expired(_ name: String, sameSite: Cookie.SameSite = .lax) -> Cookie {
        cookie(name, value: "", maxAge: 0, sameSite: sameSite)
    }
}
