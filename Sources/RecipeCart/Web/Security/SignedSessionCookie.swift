import Foundation
import RecipeCartDomain
import RecipeCartStorage

/// A cookie that names a server-side session: a random id and its signature under the server key. `purpose` goes
/// into what is signed, so a staff cookie cannot pass as a wall screen's, nor the other way round.
struct SignedSessionCookie: Sendable {
    let purpose: String
    let serverKey: ServerKey

    /// A new session id and the cookie value that names it.
    func make() -> (id: String, value: String) {
        let id = RandomToken.make()
        return (id, "\(id).\(serverKey.sign(message(id: id)))")
    }

    /// The session id of a cookie this server signed for `purpose`; nil for anything else, before any database read.
    func id(_ cookieValue: String?) -> String? {
        guard let cookieValue, cookieValue.utf8.count < 100 else { return nil }
        let parts = cookieValue.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, RandomToken.isWellFormed(parts[0]),
            serverKey.verify(String(parts[1]), for: message(id: String(parts[0])))
        else {
            return nil
        }
        return String(parts[0])
    }

    private func message(id: String) -> String { "\(purpose)|\(id)" }
}
