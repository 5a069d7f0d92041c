import RecipeCartDomain

/// Read-only links to a cart: one a session at most, made again or revoked by its owner.
package protocol CartShareStore: Sendable {
    /// Makes `token` the session's link, replacing any it had, so an older link stops working.
    func share(session: SessionKey, token: String) async throws
    func revoke(session: SessionKey) async throws
    /// The session's live link, if it has one.
    func token(session: SessionKey) async throws -> String?
    /// The session a live token shows.
    func session(sharedAs token: String) async throws -> SessionKey?
}
