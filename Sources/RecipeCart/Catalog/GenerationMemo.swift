import Synchronization

/// A value built from the catalog once a generation and shared by every request: requests that need it while it is
/// being built wait for that one build, and a failed build is not kept, so the next request tries again.
final class GenerationMemo<Value: Sendable>: Sendable {
    private let build: @Sendable () async throws -> Value
    private let building = Mutex<(generation: Int, task: Task<Value, any Error>)?>(nil)

    init(build: @escaping @Sendable () async throws -> Value) {
        self.build = build
    }

    func value(at generation: Int) async throws -> Value {
        let build = build
        let task = building.withLock { building in
            if let current = building, current.generation >= generation { return current.task }
            let task = Task { try await build() }
            building = (generation, task)
            return task
        }
        do {
            return try await task.value
        } catch {
            building.withLock { building in
                if building?.generation == generation { building = nil }
            }
            throw error
        }
    }
}
