import RecipeCartStorage

extension PageContext {
    /// The id a send renewed `session` as, within the last minutes, for the browser that shows the claim that id was
    /// made from (`SessionSigner.renewed`): the session a browser whose send's answer was lost is let onto, with its
    /// cookie set by the answer. Nil for any other, and for whoever planted the old id without the claim.
    func renewedSession(of session: ShopperSession, context: AppRequestContext, orders: any OrderStore) async throws
        -> ShopperSession?
    {
        guard !session.isNew, let claim = context.sentCookies[cookies.sendClaim] else { return nil }
        let renewed = signer.renewed(session, claim: claim)
        return try await orders.renewal(of: session.key, to: renewed.key) ? renewed : nil
    }
}
