/// Runs one upstream request per key at a time: concurrent pages asking the same thing share one call.
package actor InFlight<Value: Sendable> {
    private var running: [String: Task<Value, Never>] = [:]

    package func run(_ key: String, _ work: @escaping @Sendable () async -> Value) async -> Value {
        if let task = running[key] { return await task.value }
        let task = Task(operation: work)
        running[key] = task
        let value = await task.value
        running[key] = nil
        return value
    }
}
