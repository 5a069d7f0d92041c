import Foundation
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartStorage

/// Signs a wall screen in without a keyboard. The screen's browser gets a code to show and a claim cookie that binds
/// the code to it; staff type the code on their phone; the screen's next request trades its claim for a session of its
/// own, whose cookie carries a random id signed under the server key, as staff cookies do. The session lives until
/// staff revoke it or the staff token changes; only hashes of the code, the claim and the id are stored.
struct ScreenPairing: Sendable {
    /// How long a code waits to be typed, and then how long a paired screen has to take its session.
    static let codeLifetime: TimeInterval = 10 * 60
    /// A screen stays signed in until revoked: this is only the longest cookie browsers keep (400 days).
    static let sessionCookieLifetime = 400 * 86_400

    /// What the claim cookie of a screen's browser names.
    enum Claim: Equatable {
        case none
        case waiting(PairingCode)
        case paired
    }

    let store: any ScreenPairingStore
    let serverKey: ServerKey
    /// The staff token's digest: a screen paired under one token is signed out by a new one.
    let tokenDigest: String
    let clock: AppClock

    /// A new code, and the claim cookie's value for the browser that will show it.
    func offer() async throws -> (code: PairingCode, claimCookie: String) {
        let claim = RandomToken.make()
        // Another waiting screen may hold the same code (one in 31⁶ per screen waiting): draw again.
        for _ in 0..<8 {
            let code = PairingCode.random()
            if try await store.offer(
                codeDigest: code.digest, claim: SessionKey(sessionID: claim), expiresAt: clock.now() + Self.codeLifetime
            ) {
                return (code, "\(claim).\(code.value)")
            }
        }
        throw AppError.serviceUnavailable("Too many screens are waiting to be paired. Please try again in a minute.")
    }

    func claim(_ cookieValue: String?) async throws -> Claim {
        guard case (let claim, let code)? = Self.parse(cookieValue) else { return .none }
        switch try await store.pairing(claim) {
        case .none: return .none
        case .paired: return .paired
        // The code rides in the cookie only to be shown again: the database vouches for it.
        case .waiting(let digest): return digest == code.digest ? .waiting(code) : .none
        }
    }

    /// Trades a paired claim for the screen's session. - Returns: the session cookie's value; nil when the claim is
    /// not paired (any more).
    func signIn(claim cookieValue: String?) async throws -> String? {
        guard let claim = Self.parse(cookieValue)?.0 else { return nil }
        let (id, value) = cookie.make()
        guard try await store.claim(claim, session: SessionKey(sessionID: id)) else { return nil }
        return value
    }

    /// - Returns: the new screen's id; nil when no screen waits with this code.
    func pair(_ code: PairingCode, name: ScreenName) async throws -> String? {
        try await store.pair(
            codeDigest: code.digest, name: name.text, tokenDigest: tokenDigest,
            claimBy: clock.now() + Self.codeLifetime)
    }

    /// Whether the cookie names a paired screen's live session; marks the screen seen.
    func isPaired(_ cookieValue: String) async throws -> Bool {
        guard let id = cookie.id(cookieValue) else { return false }
        return try await store.visit(SessionKey(sessionID: id), tokenDigest: tokenDigest)
    }

    /// The claim token and the code of a claim cookie; nil for anything this server did not make, before any read.
    private static func parse(_ cookieValue: String?) -> (SessionKey, PairingCode)? {
        guard let cookieValue, cookieValue.utf8.count == 22 + 1 + PairingCode.length else { return nil }
        let parts = cookieValue.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, RandomToken.isWellFormed(parts[0]), let code = PairingCode(typed: String(parts[1]))
        else { return nil }
        return (SessionKey(sessionID: String(parts[0])), code)
    }

    /// Not the staff cookie's purpose: a staff cookie cannot pass as a screen's, nor the other way round.
    private var cookie: SignedSessionCookie { SignedSessionCookie(purpose: "screen", serverKey: serverKey) }
}
