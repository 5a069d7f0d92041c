import RecipeCartContracts
import RecipeCartDomain
import RecipeCartStorage

extension PageContext {
    /// The id a send from this browser renews `session` as (`SessionSigner.renewed`), from the claim its last post's
    /// answer gave it; nil for a session nothing stored yet, or a browser without a well-formed claim.
    func renewal(of session: ShopperSession, context: AppRequestContext) -> ShopperSession? {
        guard !session.isNew, let claim = context.sentCookies[cookies.sendClaim], RandomToken.isWellFormed(claim)
        else { return nil }
        return signer.renewed(session, claim: claim)
    }

    /// The session a send renewed this browser's as within the last minutes, when the send's answer was lost: the
    /// browser still shows the old id and the claim the renewed id was made from. Nil for any other, and for whoever
    /// planted the old id without the claim.
    func renewedSession(of session: ShopperSession, context: AppRequestContext, orders: any OrderStore) async throws
        -> ShopperSession?
    {
        guard let renewed = renewal(of: session, context: context) else { return nil }
        return try await orders.renewal(of: session.key, to: renewed.key) ? renewed : nil
    }
}
