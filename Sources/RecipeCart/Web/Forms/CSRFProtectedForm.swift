import Hummingbird

/// Reads a posted form and refuses it unless its `_csrf` token belongs to this session.
enum CSRFProtectedForm {
    static func read(_ request: Request, session: ShopperSession, signer: SessionSigner) async throws -> FormFields {
        let form = try await FormFields.read(from: request)
        guard signer.isValidCSRFToken(form["_csrf"], for: session) else {
            throw AppError.forbidden(
                "This form has expired or didn’t come from RecipeCart. Please go back, reload the page and try again.")
        }
        return form
    }
}
