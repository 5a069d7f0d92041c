import RecipeCartDomain
import Synchronization

/// One value for each session as last read, so a returning shopper's pages need no database read for it. Exact
/// because only this process writes its SQLite file (every instance has a data dir of its own), and each write
/// forgets what it may change before it is answered.
package final class PerSessionMemo<Value: Sendable>: Sendable {
    private struct State {
        package var values: [String: Value] = [:]
        /// Moves on with every write, so a value read before a write is not kept after it.
        package var epoch = 0
    }

    /// Shoppers active at one time; past it the memo starts again rather than growing.
    package let capacity: Int
    private let state = Mutex(State())

    package init(capacity: Int = 10_000) {
        self.capacity = capacity
    }

    package func value(of session: SessionKey, read: () async throws -> Value) async throws -> Value {
        let (known, epoch) = state.withLock { ($0.values[session.hash], $0.epoch) }
        if let known { return known }
        let value = try await read()
        state.withLock { state in
            guard state.epoch == epoch else { return }
            if state.values.count >= capacity { state.values.removeAll(keepingCapacity: true) }
            state.values[session.hash] = value
        }
        return value
    }

    /// The value as last read, without reading it.
    package func known(of session: SessionKey) -> Value? {
        state.withLock { $0.values[session.hash] }
    }

    package func forget(_ sessions: [SessionKey]) {
        state.withLock { state in
            state.epoch += 1
            for session in sessions { state.values[session.hash] = nil }
        }
    }

    package func forgetAll() {
        state.withLock { state in
            state.epoch += 1
            state.values.removeAll()
        }
    }
}
