import Foundation

/// A Standard Webhooks secret: `whsec_` followed by the base64 of the HMAC key. Its description never shows the key,
/// so a log line or a refusal that names it repeats nothing.
package struct WebhookSecret: Sendable, Equatable, CustomStringConvertible {
    package static let prefix = "whsec_"

    package let key: [UInt8]

    /// Nil unless `text` is the prefix and base64 of at least 16 bytes (a shorter key is guessable).
    package init?(_ text: String) {
        guard text.hasPrefix(Self.prefix), let key = Data(base64Encoded: String(text.dropFirst(Self.prefix.count))),
            key.count >= 16, key.count <= 64
        else { return nil }
        self.key = Array(key)
    }

    package var description: String { "whsec_…" }
}
