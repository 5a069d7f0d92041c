import Synchronization

/// Values made once per key and kept, at most `capacity` of them (the oldest key goes first), shared across tasks:
/// what the page fragments, the status cookies and the Browse page keys each keep, and the ingredient names and measures
/// a page's costs read.
package final class BoundedMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let kept: Mutex<OldestFirstOut<Key, Value>>

    package init(capacity: Int) {
        kept = Mutex(OldestFirstOut(capacity: capacity))
    }

    /// The value kept for `key`, or the one `make` gives, which is then kept. Two callers that miss together may
    /// both make it; the value is the same either way.
    package func value(for key: Key, make: (Key) throws -> Value) rethrows -> Value {
        if let value = kept.withLock({ $0[key] }) { return value }
        let value = try make(key)
        kept.withLock { $0.keep(value, for: key) }
        return value
    }
}
