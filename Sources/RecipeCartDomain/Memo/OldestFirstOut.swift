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
    /// - Returns: the values that left: the one `value` replaced and those pushed out past `capacity`.
    @discardableResult
    package mutating func keep(_ value: Value, for key: Key) -> [Value] {
        var gone: [Value] = []
        if let replaced = values.updateValue(value, forKey: key) {
            gone.append(replaced)
        } else {
            order.append(key)
        }
        while order.count - oldest > capacity, let value = removeOldest() { gone.append(value) }
        return gone
    }

    /// Takes out the oldest value, for a cache bounded by more than a count (the page cache's bytes).
    package mutating func removeOldest() -> Value? {
        guard oldest < order.count else { return nil }
        let value = values.removeValue(forKey: order[oldest])
        oldest += 1
        // The keys gone are dropped once there are as many as a full cache holds: one shift per `capacity` removals.
        if oldest >= max(capacity, 1) {
            order.removeFirst(oldest)
            oldest = 0
        }
        return value
    }
}
