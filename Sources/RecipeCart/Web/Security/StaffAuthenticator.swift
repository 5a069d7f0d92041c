import Crypto
import Foundation

/// Checks the staff token and issues the separate staff cookie, valid for 12 hours.
/// The cookie is bound to the token, so changing the token signs every screen out.
struct StaffAuthenticator: Sendable {
    static let cookieName = "rc_staff"
    static let lifetime: TimeInterval = 12 * 3600

    let token: String
    let secret: ServerSecret

    /// A random token for an installation that set none.
    static func generatedToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return Base64URL.encode(Data((0..<24).map { _ in UInt8.random(in: .min ... .max, using: &generator) }))
    }

    /// Compares in constant time, so response timing says nothing about how much of a guess was right.
    func isValidToken(_ candidate: String) -> Bool {
        let expected = SHA256.hash(data: Data(token.utf8))
        let given = SHA256.hash(data: Data(candidate.utf8))
        return zip(expected, given).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    func cookieValue(now: Date = Date()) -> String {
        let expiry = Int((now + Self.lifetime).timeIntervalSince1970)
        return "\(expiry).\(secret.sign(message(expiry: expiry)))"
    }

    func isValidCookie(_ value: String?, now: Date = Date()) -> Bool {
        guard let value else { return false }
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let expiry = Int(parts[0]), TimeInterval(expiry) > now.timeIntervalSince1970 else { return false }
        return secret.verify(String(parts[1]), for: message(expiry: expiry))
    }

    private func message(expiry: Int) -> String {
        let tokenDigest = SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
        return "staff|\(expiry)|\(tokenDigest)"
    }
}
