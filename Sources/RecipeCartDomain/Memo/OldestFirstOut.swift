/// Values by key, at most `capacity` of them: past it the oldest key goes first, so a burst of unusual requests
/// cannot grow a cache without bound. Not locked: each cache keeps one inside its own lock.
package struct OldestFirstOut<Key: Hashable, Value> {
    package let capacity: Int
    private var values: [Key: Value] = [:]
    /// Keys in the order they came, the oldest at `oldest`: a key leaves by moving that index, not by shifting every
    /// key after it (a full cache of thousands had shifted them all on every insert).
    private var order: [Key] = []
    private var oldest = 0

    package init(capacity: Int) {
        self.capacity = capacity
    }

    package subscript(key: Key) -> Value? { values[key] }

    /// Keeps `value` under `key`; a key kept again keeps its place in line.
    package mutating func keep(_ value: Value, for key: Key) {
        if values.updateValue(value, forKey: key) == nil { order.append(key) }
        while order.count - oldest > capacity {
            values[order[oldest]] = nil
            oldest += 1
        }
        // The keys gone are dropped once there are as many as a full cache holds: one shift per `capacity` inserts.
        if oldest >= max(capacity, 1) {
            order.removeFirst(oldest)
            oldest = 0
        }
    }
}
