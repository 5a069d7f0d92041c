import Foundation
import RecipeCartDomain
import RecipeCartStorage

/// Carries a `StatusMessage` across a 303 in a short-lived cookie, signed under the server key so that
/// nobody can plant words on a shopper's page; the next page shows it once and clears the cookie.
final class StatusFlash: Sendable {
    static let lifetime = 60

    let serverKey: ServerKey
    /// A message's cookie is the same every time: the stepper's few messages ("Added … · 3 in your cart") are
    /// encoded and signed once. Encoding one as JSON had been a twentieth of a stepper post.
    private let signed = BoundedMemo<StatusMessage, String>(capacity: 1_024)
    /// And read once: the page a stepper post lands on carries one of those few cookies.
    private let read = BoundedMemo<String, StatusMessage?>(capacity: 1_024)

    init(serverKey: ServerKey) {
        self.serverKey = serverKey
    }

    func cookieValue(for message: StatusMessage) -> String {
        signed.value(for: message) { message in
            let payload = Base64URL.encode((try? JSONEncoder().encode(message)) ?? Data())
            return "\(payload).\(serverKey.sign("status|\(payload)"))"
        }
    }

    func message(fromCookie value: String) -> StatusMessage? {
        guard value.utf8.count < 2048 else { return nil }
        return read.value(for: value) { value in
            let parts = value.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, serverKey.verify(String(parts[1]), for: "status|\(parts[0])"),
                let json = Base64URL.decode(String(parts[0]))
            else { return nil }
            return try? JSONDecoder().decode(StatusMessage.self, from: json)
        }
    }
}
