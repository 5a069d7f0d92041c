import Crypto
import Foundation

/// Signs and checks webhooks as Standard Webhooks does: `v1,` and the base64 of HMAC-SHA256 over
/// `{webhook-id}.{webhook-timestamp}.{body}`, the body as its raw bytes.
package struct WebhookSigner: Sendable {
    /// How far a timestamp may be from our clock, either way: a replayed request older than this is refused.
    package static let tolerance: TimeInterval = 5 * 60
    /// Seconds since 1970 need 10 digits until the year 2286.
    package static let maximumTimestampDigits = 12

    let secret: WebhookSecret

    package init(secret: WebhookSecret) {
        self.secret = secret
    }

    /// The `webhook-signature` header for one delivery.
    package func signature(id: String, timestamp: Int, body: some DataProtocol) -> String {
        signature(id: id, timestamp: String(timestamp), body: body)
    }

    /// The `webhook-signature` header over `timestamp` as its header's text, whatever that text is.
    package func signature(id: String, timestamp: String, body: some DataProtocol) -> String {
        "v1," + Data(mac(id: id, timestamp: timestamp, body: body)).base64EncodedString()
    }

    /// Checks the three headers against `body` at `now`. `signatures` is the header as sent: space-separated
    /// `version,base64` pairs, any one of which may match (a partner rotating its secret sends two).
    package func verify(
        id: String?, timestamp: String?, signatures: String?, body: some DataProtocol, now: Date
    ) throws(WebhookRejection) {
        guard let id, !id.isEmpty, let timestamp, let signatures else { throw .missingHeaders }
        guard let seconds = Self.plainSeconds(timestamp) else { throw .badTimestamp }
        guard abs(now.timeIntervalSince1970 - TimeInterval(seconds)) <= Self.tolerance else { throw .badTimestamp }
        let expected = Array(mac(id: id, timestamp: timestamp, body: body))
        let matches = signatures.split(separator: " ").contains { signature in
            guard signature.hasPrefix("v1,"), let given = Data(base64Encoded: String(signature.dropFirst(3))) else {
                return false
            }
            return ConstantTime.equal(Array(given), expected)
        }
        guard matches else { throw .badSignature }
    }

    /// Seconds as plain decimal digits only: the signature covers the header's text, so `+1764316800` and
    /// `01764316800` would be other signed texts for the same time, which no Standard Webhooks sender writes.
    private static func plainSeconds(_ text: String) -> Int? {
        let digits = text.utf8
        guard (1...maximumTimestampDigits).contains(digits.count),
            digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            digits.first != UInt8(ascii: "0") || digits.count == 1
        else { return nil }
        return Int(text)
    }

    private func mac(id: String, timestamp: String, body: some DataProtocol) -> HashedAuthenticationCode<SHA256> {
        var hmac = HMAC<SHA256>(key: SymmetricKey(data: secret.key))
        hmac.update(data: Data("\(id).\(timestamp).".utf8))
        hmac.update(data: body)
        return hmac.finalize()
    }
}

/// Why a webhook was not believed.
package enum WebhookRejection: Error, Equatable, Sendable {
    /// `webhook-id`, `webhook-timestamp` or `webhook-signature` missing.
    case missingHeaders
    /// Not plain decimal seconds (ASCII digits, no sign, no leading zero, at most
    /// `WebhookSigner.maximumTimestampDigits`), or more than `WebhookSigner.tolerance` from now.
    case badTimestamp
    /// No signature matches the body.
    case badSignature
}
