import Foundation
import RecipeCartDomain

/// What a looker (a visitor without a session: every first visit, every crawler) needs to post the first time, made
/// without a signature or a write: 16 random bytes, kept in the `rc_looker` cookie and carried by the page's forms.
/// A post without a session is taken only when the form's token matches the cookie (a double-submit token), and only
/// after `OriginGuardMiddleware` has refused whatever a browser says another site sent. That post starts the session;
/// from then on every form carries the session's signed token (`SessionSigner`), as before.
struct LookerToken: Sendable, Equatable {
    let value: String
    /// Made for this answer, which must set the cookie.
    let isFresh: Bool

    static func fresh() -> LookerToken {
        LookerToken(value: RandomToken.make(), isFresh: true)
    }

    /// The token a browser's cookie holds, if it has the shape of one this server makes.
    init?(cookie: String) {
        guard RandomToken.isWellFormed(cookie) else { return nil }
        self.init(value: cookie, isFresh: false)
    }

    private init(value: String, isFresh: Bool) {
        self.value = value
        self.isFresh = isFresh
    }
}
