import Hummingbird

/// Reads a posted form and refuses it unless its `_csrf` token belongs to this session.
enum CSRFProtectedForm {
    static func read(_ request: Request, session: ShopperSession, signer: SessionSigner) async throws -> FormFields {
        let form = try await FormFields.read(from: request)
        try check(form["_csrf"], session: session, signer: signer)
        return form
    }

    /// The check itself, for forms read another way (the multipart edit form).
    static func check(_ token: String?, session: ShopperSession, signer: SessionSigner) throws {
        guard signer.isValidCSRFToken(token, for: session) else {
            throw AppError.forbidden(
                "This form has expired or didn’t come from RecipeCart. Please go back, reload the page and try again.")
        }
    }
}
