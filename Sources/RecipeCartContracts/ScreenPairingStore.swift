import Foundation
import RecipeCartDomain

/// The wall screens staff pair without a keyboard: the screen shows a short code, staff type it on their phone, and
/// the screen then holds a session of its own until it is revoked. A code waits until its `expiresAt` and works once.
/// It is bound to the browser that showed it by a claim token kept in that browser's cookie, so whoever reads the
/// code off the wall cannot take the session. Only hashes are stored: of the code, of the claim, of the session id.
package protocol ScreenPairingStore: Sendable {
    /// Keeps a waiting code for the browser holding `claim`, and forgets the codes that have expired.
    /// - Returns: false when a waiting code has this digest already: the caller picks another.
    func offer(codeDigest: String, claim: SessionKey, expiresAt: Date) async throws -> Bool

    /// Where the pairing `claim` names stands.
    func pairing(_ claim: SessionKey) async throws -> ScreenPairingState

    /// Pairs the screen whose waiting code has this digest, under `name`, and gives it until `claimBy` to take its
    /// session. Sessions are bound to the staff token's digest, as staff sessions are.
    /// - Returns: the new screen's id; nil when no code waits under this digest (wrong, used or expired).
    func pair(codeDigest: String, name: String, tokenDigest: String, claimBy: Date) async throws -> String?

    /// Gives the screen `claim` was paired to the session `session`, once: the claim is gone afterwards.
    /// - Returns: false when the claim is not paired, has expired, or its screen was revoked.
    func claim(_ claim: SessionKey, session: SessionKey) async throws -> Bool

    /// Whether `session` is a paired screen's, made under this token. Marks the screen seen, at most once every
    /// `ScreenPairingLimits.seenEvery`, so a screen asking every second costs a write a minute at most.
    func visit(_ session: SessionKey, tokenDigest: String) async throws -> Bool

    /// Every paired screen, the first paired first.
    func screens() async throws -> [PairedScreen]

    /// Ends a screen's session on every instance, its board's open stream too (`BoardChanges.signedOut`).
    /// - Returns: false when there is no such screen.
    func revoke(id: String) async throws -> Bool
}

/// How long a stored fact about a screen may lag.
package enum ScreenPairingLimits {
    /// A screen's last-seen time is rewritten when it is older than this.
    package static let seenEvery: TimeInterval = 30
}

/// What a claim token names.
package enum ScreenPairingState: Sendable, Equatable {
    /// Nothing: never offered, expired, claimed already, or revoked.
    case none
    /// A code waiting for staff to type it; the digest lets the screen check the code it shows.
    case waiting(codeDigest: String)
    /// Staff paired it: the browser's next request takes the session.
    case paired
}

/// A paired screen as the staff's list shows it.
package struct PairedScreen: Sendable, Equatable {
    package let id: String
    package let name: String
    package let pairedAt: Date
    /// Nil until the screen has taken its session.
    package let lastSeenAt: Date?

    package init(id: String, name: String, pairedAt: Date, lastSeenAt: Date?) {
        self.id = id
        self.name = name
        self.pairedAt = pairedAt
        self.lastSeenAt = lastSeenAt
    }
}
