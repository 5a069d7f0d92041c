import Crypto
import Foundation

/// Signs and checks webhooks as Standard Webhooks does: `v1,` and the base64 of HMAC-SHA256 over
/// `{webhook-id}.{webhook-timestamp}.{body}`, the body as its raw bytes.
public struct WebhookSigner: Sendable {
    /// How far a timestamp may be from our clock, either way: a replayed request older than this is refused.
    public static let tolerance: TimeInterval = 5 * 60

    let secret: WebhookSecret

    public init(secret: WebhookSecret) {
        self.secret = secret
    }

    /// The `webhook-signature` header for one delivery.
    public func signature(id: String, timestamp: Int, body: some DataProtocol) -> String {
        "v1," + Data(mac(id: id, timestamp: String(timestamp), body: body)).base64EncodedString()
    }

    /// Checks the three headers against `body` at `now`. `signatures` is the header as sent: space-separated
    /// `version,base64` pairs, any one of which may match (a partner rotating its secret sends two).
    public func verify(
        id: String?, timestamp: String?, signatures: String?, body: some DataProtocol, now: Date
    ) throws(WebhookRejection) {
        guard let id, !id.isEmpty, let timestamp, let signatures else { throw .missingHeaders }
        guard let seconds = Int(timestamp) else { throw .badTimestamp }
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

    private func mac(id: String, timestamp: String, body: some DataProtocol) -> HashedAuthenticationCode<SHA256> {
        var hmac = HMAC<SHA256>(key: SymmetricKey(data: secret.key))
        hmac.update(data: Data("\(id).\(timestamp).".utf8))
        hmac.update(data: body)
        return hmac.finalize()
    }
}

/// Why a webhook was not believed.
public enum WebhookRejection: Error, Equatable, Sendable {
    /// `webhook-id`, `webhook-timestamp` or `webhook-signature` missing.
    case missingHeaders
    /// Not a whole number of seconds, or more than `WebhookSigner.tolerance` from now.
    case badTimestamp
    /// No signature matches the body.
    case badSignature
}
