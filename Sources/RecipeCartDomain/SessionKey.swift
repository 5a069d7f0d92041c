import Crypto
import Foundation

/// How a shopper's session is known to the database: the SHA-256 of the secret cookie id, never the id itself.
package struct SessionKey: Sendable, Hashable {
    package let hash: String

    package init(sessionID: String) {
        hash = Hex.encode(SHA256.hash(data: Data(sessionID.utf8)))
    }

    /// A session found through something it owns (a share link), by the hash the database keeps.
    package init(storedHash: String) {
        hash = storedHash
    }
}
