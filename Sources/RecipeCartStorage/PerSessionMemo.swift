import RecipeCartDomain
import Synchronization

/// One value for each session as last read or written, so a returning shopper's pages need no database read for it.
/// Exact as long as every write that may change a session's value forgets it (`forget`) once committed or, reading it
/// inside its own transaction, leaves it here (`remember`): a value read while such a write was under way is never
/// kept. SQLite's stores keep one (`SQLiteSessionMemos`: only this process writes its file), and the web app one of
/// each session's rendered cart page.
package final class PerSessionMemo<Value: Sendable>: Sendable {
    /// Where a session's writes stood when a read began (or a write took its ticket): a value read or written then is
    /// kept only if no other write to the session, and no `forgetAll`, came after.
    package struct Mark: Equatable, Sendable {
        fileprivate var writes: Int
        fileprivate var clearings: Int
    }

    private struct State {
        var values: [String: (value: Value, cost: Int)] = [:]
        /// The sum of the values' costs.
        var cost = 0
        /// Writes to each session since the last clearing.
        var writes: [String: Int] = [:]
        var clearings = 0

        func mark(of hash: String) -> Mark { Mark(writes: writes[hash, default: 0], clearings: clearings) }

        /// Counts one more write to `hash`. The counts of sessions that only wrote would grow without a bound, so
        /// past four times the capacity everything starts again.
        mutating func countWrite(to hash: String, capacity: Int) {
            if writes.count >= 4 * capacity, writes[hash] == nil { clear() }
            writes[hash, default: 0] += 1
        }

        /// Puts `value` in the session's place; past the capacity or the budget, everything starts again first.
        mutating func put(_ value: Value, at hash: String, cost: Int, capacity: Int, budget: Int) {
            remove(hash)
            if values.count >= capacity || self.cost + cost > budget { clear() }
            values[hash] = (value, cost)
            self.cost += cost
        }

        mutating func remove(_ hash: String) {
            cost -= values.removeValue(forKey: hash)?.cost ?? 0
        }

        mutating func clear() {
            values.removeAll(keepingCapacity: true)
            cost = 0
            writes.removeAll(keepingCapacity: true)
            clearings += 1
        }
    }

    /// Shoppers active at one time; past it the memo starts again rather than growing.
    package let capacity: Int
    /// The most the values may cost together (`costOf`), for values whose size varies.
    package let budget: Int
    private let costOf: @Sendable (Value) -> Int
    private let state = Mutex(State())

    package init(capacity: Int = 10_000, budget: Int = .max, costOf: @escaping @Sendable (Value) -> Int = { _ in 0 }) {
        self.capacity = capacity
        self.budget = budget
        self.costOf = costOf
    }

    package func value(of session: SessionKey, read: () async throws -> Value) async throws -> Value {
        let (known, mark) = state.withLock { ($0.values[session.hash]?.value, $0.mark(of: session.hash)) }
        if let known { return known }
        let value = try await read()
        keep(value, of: session, readSince: mark)
        return value
    }

    /// Where the session's writes stand, taken before a read whose result may be kept (`keep`).
    package func mark(of session: SessionKey) -> Mark {
        state.withLock { $0.mark(of: session.hash) }
    }

    /// Keeps what a read that began at `mark` found, unless a write to the session (or a `forgetAll`) came since.
    package func keep(_ value: Value, of session: SessionKey, readSince mark: Mark) {
        let cost = costOf(value)
        state.withLock { state in
            guard state.mark(of: session.hash) == mark else { return }
            state.put(value, at: session.hash, cost: cost, capacity: capacity, budget: budget)
        }
    }

    /// The value as last read, without reading it.
    package func known(of session: SessionKey) -> Value? {
        state.withLock { $0.values[session.hash]?.value }
    }

    package func forget(_ sessions: [SessionKey]) {
        state.withLock { state in
            for session in sessions {
                state.remove(session.hash)
                state.countWrite(to: session.hash, capacity: capacity)
            }
        }
    }

    /// Taken inside a write's transaction, before it reads what it will `remember`: from here on a read of the
    /// session that began earlier is not kept, and one that begins later may see the database before the commit.
    package func ticket(for session: SessionKey) -> Mark {
        state.withLock { state in
            state.remove(session.hash)
            state.countWrite(to: session.hash, capacity: capacity)
            return state.mark(of: session.hash)
        }
    }

    /// Keeps what a write read inside its transaction, once committed, unless another write to the session (or a
    /// `forgetAll`) came after its `ticket`. Past it, no read that began before is kept: it may have seen the
    /// database before this commit.
    package func remember(_ value: Value, of session: SessionKey, ticket: Mark) {
        let cost = costOf(value)
        state.withLock { state in
            guard state.mark(of: session.hash) == ticket else { return }
            state.countWrite(to: session.hash, capacity: capacity)
            state.put(value, at: session.hash, cost: cost, capacity: capacity, budget: budget)
        }
    }

    package func forgetAll() {
        state.withLock { $0.clear() }
    }
}
