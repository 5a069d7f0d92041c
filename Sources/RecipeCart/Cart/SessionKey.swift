import Crypto
import Foundation

/// How a shopper's session is known to the database: the SHA-256 of the secret cookie id, never the id itself.
public struct SessionKey: Sendable, Hashable {
    public let hash: String

    public init(sessionID: String) {
        hash = SHA256.hash(data: Data(sessionID.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
