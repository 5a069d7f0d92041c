/// Values by key, at most `capacity` of them: past it the oldest key goes first, so a burst of unusual requests
/// cannot grow a cache without bound. Not locked: each cache keeps one inside its own lock.
struct OldestFirstOut<Key: Hashable, Value> {
    let capacity: Int
    private var values: [Key: Value] = [:]
    private var order: [Key] = []

    init(capacity: Int) {
        self.capacity = capacity
    }

    subscript(key: Key) -> Value? { values[key] }

    /// Keeps `value` under `key`; a key kept again keeps its place in line.
    mutating func keep(_ value: Value, for key: Key) {
        if values.updateValue(value, forKey: key) == nil { order.append(key) }
        while order.count > capacity {
            values[order.removeFirst()] = nil
        }
    }
}
