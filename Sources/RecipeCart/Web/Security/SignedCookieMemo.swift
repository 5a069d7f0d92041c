import Synchronization

/// Session cookies that verified, and the CSRF tokens made for their sessions, kept so that a returning shopper's
/// request costs a lookup instead of two HMACs and the hash of its session key. Only a cookie value that verified is
/// kept, so a forged one never hits.
final class SignedCookieMemo: Sendable {
    private struct Entries {
        var sessions: [String: ShopperSession] = [:]
        var tokens: [String: String] = [:]
    }

    /// Shoppers active at one time; past it the memo starts again rather than growing.
    let capacity: Int
    private let entries = Mutex(Entries())

    init(capacity: Int = 10_000) {
        self.capacity = capacity
    }

    /// The session of a cookie value that verified before.
    func session(forCookie value: String) -> ShopperSession? {
        entries.withLock { $0.sessions[value] }
    }

    func remember(cookie value: String, session: ShopperSession) {
        entries.withLock { entries in
            if entries.sessions.count >= capacity { entries.sessions.removeAll(keepingCapacity: true) }
            entries.sessions[value] = session
        }
    }

    /// The CSRF token of a session, made once by `make`.
    func token(for id: String, make: () -> String) -> String {
        if let token = entries.withLock({ $0.tokens[id] }) { return token }
        let token = make()
        entries.withLock { entries in
            if entries.tokens.count >= capacity { entries.tokens.removeAll(keepingCapacity: true) }
            entries.tokens[id] = token
        }
        return token
    }
}
