import Crypto
import Foundation
import RecipeCartDomain
import RecipeCartStorage

/// The shopper behind a request: a random id carried in a signed cookie.
package struct ShopperSession: Sendable, Equatable {
    /// 128 random bits, base64url.
    let id: String
    /// True when this request brought no valid cookie, so the response must set one.
    let isNew: Bool
    /// Hashed once: a page asks for it several times (the badge, the cart line, the shopper's version).
    package let key: SessionKey
    /// Without a valid session cookie: the looker's token (`LookerToken`), from their cookie or made for this page.
    /// The forms of a page answered without a session carry it.
    let looker: LookerToken?

    init(id: String, isNew: Bool, looker: LookerToken? = nil) {
        self.id = id
        self.isNew = isNew
        key = SessionKey(sessionID: id)
        self.looker = looker
    }

    /// A request without a valid session cookie. Its id becomes a session only if the answer sets its cookie.
    static func fresh(looker: LookerToken? = nil) -> ShopperSession {
        ShopperSession(id: RandomToken.make(), isNew: true, looker: looker)
    }
}

/// Issues and checks session cookies and the CSRF tokens tied to them.
struct SessionSigner: Sendable {
    let serverKey: ServerKey
    let memo = SignedCookieMemo()

    func cookieValue(for session: ShopperSession) -> String {
        "\(session.id).\(serverKey.sign("session|\(session.id)"))"
    }

    /// The session a cookie names, or nil for anything this server did not issue.
    func session(fromCookie value: String) -> ShopperSession? {
        if let session = memo.session(forCookie: value) { return session }
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, RandomToken.isWellFormed(parts[0]) else { return nil }
        let id = String(parts[0])
        guard serverKey.verify(String(parts[1]), for: "session|\(id)") else { return nil }
        let session = ShopperSession(id: id, isNew: false)
        memo.remember(cookie: value, session: session)
        return session
    }

    /// The id a send renews `session` as: made from the old id and the claim the shop gave this browser with its last
    /// post's answer (`CookiePolicy.sendClaim`), so the browser's other tab and its cart page can name it too, and
    /// whoever planted the old id, without the claim, cannot.
    func renewed(_ session: ShopperSession, claim: String) -> ShopperSession {
        ShopperSession(
            id: Base64URL.encode(Data(serverKey.mac("renewed|\(session.id)|\(claim)").prefix(16))), isNew: true)
    }

    /// The token a page's forms carry: a looker's own (`LookerToken`), else the session's, signed. A looker's post
    /// answered with a page (refused, or a form shown again) leaves them a looker, so that page carries their token too.
    func csrfToken(for session: ShopperSession) -> String {
        if session.isNew, let looker = session.looker { return looker.value }
        return memo.token(for: session.id) { serverKey.sign("csrf|\(session.id)") }
    }

    func isValidCSRFToken(_ token: String?, for session: ShopperSession) -> Bool {
        guard let token, !token.isEmpty, token.utf8.count < 100 else { return false }
        // A post without a session: the looker's form token must match their cookie.
        if session.isNew {
            guard let looker = session.looker else { return false }
            return ConstantTime.equal(token.utf8, looker.value.utf8)
        }
        // Against the token the session was given, remembered: a post costs no HMAC.
        return ConstantTime.equal(token.utf8, csrfToken(for: session).utf8)
    }
}
