import Crypto
import Foundation
import RecipeCartDomain
import RecipeCartStorage

/// The shopper behind a request: a random id carried in a signed cookie.
public struct ShopperSession: Sendable, Equatable {
    /// 128 random bits, base64url.
    let id: String
    /// True when this request brought no valid cookie, so the response must set one.
    let isNew: Bool
    /// Hashed once: a page asks for it several times (the badge, the cart line, the shopper's version).
    public let key: SessionKey
    /// Without a valid session cookie: the browser's looker token, from its cookie or made for this page view.
    let looker: LookerToken?
    /// A page view without a session (GET or HEAD): it starts none, and its forms carry `looker`'s token.
    let isLooking: Bool

    init(id: String, isNew: Bool, looker: LookerToken? = nil, isLooking: Bool = false) {
        self.id = id
        self.isNew = isNew
        key = SessionKey(sessionID: id)
        self.looker = looker
        self.isLooking = isLooking
    }

    static func fresh(looker: LookerToken? = nil) -> ShopperSession {
        ShopperSession(id: Base64URL.encode(Data(RandomBytes.make(16))), isNew: true, looker: looker)
    }

    /// A looker's page view: no session is started, so nothing is signed or written for it.
    static func looking(_ looker: LookerToken) -> ShopperSession {
        ShopperSession(id: Base64URL.encode(Data(RandomBytes.make(16))), isNew: true, looker: looker, isLooking: true)
    }
}

/// Issues and checks session cookies and the CSRF tokens tied to them.
struct SessionSigner: Sendable {
    let secret: ServerSecret
    let memo = SignedCookieMemo()

    func cookieValue(for session: ShopperSession) -> String {
        "\(session.id).\(secret.sign("session|\(session.id)"))"
    }

    /// The session a cookie names, or nil for anything this server did not issue.
    func session(fromCookie value: String) -> ShopperSession? {
        if let session = memo.session(forCookie: value) { return session }
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 22, let raw = Base64URL.decode(String(parts[0])), raw.count == 16
        else {
            return nil
        }
        let id = String(parts[0])
        guard secret.verify(String(parts[1]), for: "session|\(id)") else { return nil }
        let session = ShopperSession(id: id, isNew: false)
        memo.remember(cookie: value, session: session)
        return session
    }

    /// The token a page's forms carry: a looker's own (`LookerToken`), else the session's, signed. A looker's post
    /// answered with a page (refused, or a form shown again) leaves them a looker, so that page carries their token too.
    func csrfToken(for session: ShopperSession) -> String {
        if session.isNew, let looker = session.looker { return looker.value }
        return memo.token(for: session.id) { secret.sign("csrf|\(session.id)") }
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
