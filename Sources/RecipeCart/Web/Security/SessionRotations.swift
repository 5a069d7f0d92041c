import Synchronization

/// Fresh session ids for sessions that are about to store their first row, so a cookie planted on a shopper
/// before cannot follow them. The new id is remembered for a moment, so that a double-click's two posts
/// land in the same new session instead of splitting the cart.
final class SessionRotations: Sendable {
    static let window: Duration = .seconds(2)

    private let recent = Mutex<[String: (successor: ShopperSession, at: ContinuousClock.Instant)]>([:])

    func successor(of session: ShopperSession) -> ShopperSession {
        let now = ContinuousClock.now
        return recent.withLock { recent in
            recent = recent.filter { now - $0.value.at < Self.window }
            if let known = recent[session.id] { return known.successor }
            let successor = ShopperSession.fresh()
            recent[session.id] = (successor, now)
            return successor
        }
    }
}
