import Crypto
import Foundation
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartStorage

/// Checks the staff token and keeps staff sign-ins as server-side sessions of 12 hours: the cookie carries a
/// random id signed under the server key, and the session lives in the database until it expires or staff sign
/// out, so a copied cookie dies with the sign-out. Sessions are bound to the token: changing it signs every
/// screen out.
struct StaffAuthenticator: Sendable {
    static let lifetime: TimeInterval = 12 * 3600

    let token: String
    let serverKey: ServerKey
    let sessions: any StaffSessionStore
    let clock: AppClock

    /// A random token for an installation that set none.
    static func generatedToken() -> String {
        Base64URL.encode(Data(RandomBytes.make(24)))
    }

    /// Compares in constant time, so response timing says nothing about how much of a guess was right.
    func isValidToken(_ candidate: String) -> Bool {
        // Digests, so that the comparison does not tell the token's length either.
        ConstantTime.equal(Array(SHA256.hash(data: Data(candidate.utf8))), Array(SHA256.hash(data: Data(token.utf8))))
    }

    /// Starts a staff session and answers the cookie value that names it.
    func signIn() async throws -> String {
        let (id, value) = cookie.make()
        try await sessions.create(
            SessionKey(sessionID: id), tokenDigest: tokenDigest, expiresAt: clock.now() + Self.lifetime)
        return value
    }

    func isSignedIn(_ cookieValue: String?) async throws -> Bool {
        guard let id = cookie.id(cookieValue) else { return false }
        return try await sessions.isActive(SessionKey(sessionID: id), tokenDigest: tokenDigest)
    }

    func signOut(_ cookieValue: String?) async throws {
        guard let id = cookie.id(cookieValue) else { return }
        try await sessions.end(SessionKey(sessionID: id))
    }

    private var cookie: SignedSessionCookie { SignedSessionCookie(purpose: "staff", serverKey: serverKey) }

    /// What sessions made under this token are stored with; staff's and paired screens' alike.
    var tokenDigest: String { Hex.encode(SHA256.hash(data: Data(token.utf8))) }
}
