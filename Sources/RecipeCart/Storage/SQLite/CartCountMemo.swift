import Synchronization

/// Each shopper's cart count as last read, so the badge on a cached page needs no database read. Exact because
/// only this process writes carts to its SQLite file (every instance has a data dir of its own), and each cart
/// write forgets the counts it may change before it is answered.
final class CartCountMemo: Sendable {
    private struct State {
        var counts: [String: Int] = [:]
        /// Moves on with every write, so a count read before a write is not kept after it.
        var epoch = 0
    }

    /// Shoppers active at one time; past it the memo starts again rather than growing.
    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int = 10_000) {
        self.capacity = capacity
    }

    func count(of session: SessionKey, read: () async throws -> Int) async throws -> Int {
        let (known, epoch) = state.withLock { ($0.counts[session.hash], $0.epoch) }
        if let known { return known }
        let count = try await read()
        state.withLock { state in
            guard state.epoch == epoch else { return }
            if state.counts.count >= capacity { state.counts.removeAll(keepingCapacity: true) }
            state.counts[session.hash] = count
        }
        return count
    }

    func forget(_ sessions: SessionKey...) {
        state.withLock { state in
            state.epoch += 1
            for session in sessions { state.counts[session.hash] = nil }
        }
    }

    func forgetAll() {
        state.withLock { state in
            state.epoch += 1
            state.counts.removeAll()
        }
    }
}
