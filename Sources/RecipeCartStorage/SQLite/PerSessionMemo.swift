import RecipeCartDomain
import Synchronization

/// One value for each session as last read or written, so a returning shopper's pages need no database read for it.
/// Exact because only this process writes its SQLite file (every instance has a data dir of its own), and each write
/// either forgets what it may change or, reading it inside its own transaction, leaves it here (`remember`).
package final class PerSessionMemo<Value: Sendable>: Sendable {
    /// Where a session's writes stood when a read began (or a write took its ticket): a value read or written then is
    /// kept only if no other write to the session, and no `forgetAll`, came after.
    package struct Mark: Equatable, Sendable {
        fileprivate var writes: Int
        fileprivate var clearings: Int
    }

    private struct State {
        var values: [String: Value] = [:]
        /// Writes to each session since the last clearing.
        var writes: [String: Int] = [:]
        var clearings = 0

        func mark(of hash: String) -> Mark { Mark(writes: writes[hash, default: 0], clearings: clearings) }

        mutating func clear() {
            values.removeAll(keepingCapacity: true)
            writes.removeAll(keepingCapacity: true)
            clearings += 1
        }
    }

    /// Shoppers active at one time; past it the memo starts again rather than growing.
    package let capacity: Int
    private let state = Mutex(State())

    package init(capacity: Int = 10_000) {
        self.capacity = capacity
    }

    package func value(of session: SessionKey, read: () async throws -> Value) async throws -> Value {
        let (known, mark) = state.withLock { ($0.values[session.hash], $0.mark(of: session.hash)) }
        if let known { return known }
        let value = try await read()
        state.withLock { state in
            guard state.mark(of: session.hash) == mark else { return }
            if state.values.count >= capacity { state.clear() }
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
            for session in sessions {
                state.values[session.hash] = nil
                state.writes[session.hash, default: 0] += 1
            }
        }
    }

    /// Taken inside a write's transaction, before it reads what it will `remember`: from here on a read of the
    /// session that began earlier is not kept, and one that begins later may see the database before the commit.
    package func ticket(for session: SessionKey) -> Mark {
        state.withLock { state in
            state.values[session.hash] = nil
            state.writes[session.hash, default: 0] += 1
            return state.mark(of: session.hash)
        }
    }

    /// Keeps what a write read inside its transaction, once committed, unless another write to the session (or a
    /// `forgetAll`) came after its `ticket`. Past it, no read that began before is kept: it may have seen the
    /// database before this commit.
    package func remember(_ value: Value, of session: SessionKey, ticket: Mark) {
        state.withLock { state in
            guard state.mark(of: session.hash) == ticket else { return }
            state.writes[session.hash, default: 0] += 1
            if state.values.count >= capacity { return }
            state.values[session.hash] = value
        }
    }

    package func forgetAll() {
        state.withLock { $0.clear() }
    }
}
