import Synchronization

/// A value built from the catalog once a generation and shared by every request: requests that need it while it is
/// being built wait for that one build, and a failed build is not kept, so the next request tries again.
package final class GenerationMemo<Value: Sendable>: Sendable {
    private let build: @Sendable (_ generation: Int) async throws -> Value
    private let building = Mutex<(generation: Int, task: Task<Value, any Error>)?>(nil)
    /// The newest value built, so a request that may not wait finds it without waiting.
    private let ready = Mutex<(generation: Int, value: Value)?>(nil)

    package init(build: @escaping @Sendable (_ generation: Int) async throws -> Value) {
        self.build = build
    }

    package func value(at generation: Int) async throws -> Value {
        let task = task(for: generation)
        do {
            return try await task.value
        } catch {
            building.withLock { building in
                if building?.generation == generation { building = nil }
            }
            throw error
        }
    }

    /// The value, or nil when its build takes longer than `patience`: the build goes on for the requests after.
    package func value(at generation: Int, waitingAtMost patience: Duration) async -> Value? {
        if let ready = ready.withLock({ $0 }), ready.generation >= generation { return ready.value }
        let task = task(for: generation)
        // Whichever comes first, the value or the end of patience, answers; the other finds it answered.
        return await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
            let answer = FirstAnswer(continuation)
            Task { answer.give(try? await task.value) }
            Task {
                try? await Task.sleep(for: patience)
                answer.give(nil)
            }
        }
    }

    /// The value of `generation` when it has been built; else its build is begun (or joined) for the requests after,
    /// and nil is answered at once.
    package func builtOrBegun(at generation: Int) -> Value? {
        if let ready = ready.withLock({ $0 }), ready.generation == generation { return ready.value }
        _ = task(for: generation)
        return nil
    }

    private func task(for generation: Int) -> Task<Value, any Error> {
        return building.withLock { building in
            if let current = building, current.generation >= generation { return current.task }
            // An older value serves no request of this generation: let it go rather than hold two at once.
            ready.withLock { $0 = nil }
            let task = Task {
                let value = try await self.build(generation)
                self.ready.withLock { ready in
                    if (ready?.generation ?? Int.min) < generation { ready = (generation, value) }
                }
                return value
            }
            building = (generation, task)
            return task
        }
    }
}

/// Resumes a continuation with the first value given and ignores the rest.
private final class FirstAnswer<Value: Sendable>: Sendable {
    private let continuation: CheckedContinuation<Value?, Never>
    private let answered = Atomic(false)

    init(_ continuation: CheckedContinuation<Value?, Never>) {
        self.continuation = continuation
    }

    func give(_ value: Value?) {
        if !answered.exchange(true, ordering: .acquiringAndReleasing) { continuation.resume(returning: value) }
    }
}
