import Foundation
import RecipeCartDomain

/// Staff sign-ins kept on the server, so signing out ends a session even for a copied cookie, on every instance.
/// Only a hash of the cookie's id is stored, with the digest of the token it was made under: changing the staff
/// token ends every staff session.
package protocol StaffSessionStore: Sendable {
    func create(_ key: SessionKey, tokenDigest: String, expiresAt: Date) async throws
    func isActive(_ key: SessionKey, tokenDigest: String) async throws -> Bool
    /// Ends the session on every instance, its boards' open streams too (`BoardChanges.signedOut`).
    func end(_ key: SessionKey) async throws
}
