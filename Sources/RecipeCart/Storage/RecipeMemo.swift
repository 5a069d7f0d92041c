import Synchronization

/// Recipes as the shop shows them, each with the catalog generation it was read at; one of an older generation is
/// never answered. Bounded: past `capacity` it starts again empty, which costs only a re-read.
///
/// Requests that want the same recipe while it is being read wait for that one read: just after a start or a catalog
/// change, a burst of shoppers on a few recipes would otherwise read each of them once a request.
final class RecipeMemo: Sendable {
    let capacity: Int
    private let entries = Mutex<[RecipeID: (generation: Int, recipe: Recipe)]>([:])
    private let reading = Mutex<[RecipeID: (generation: Int, task: Task<Recipe?, any Error>)]>([:])

    init(capacity: Int = 2_000) {
        self.capacity = capacity
    }

    func recipe(_ id: RecipeID, generation: Int) -> Recipe? {
        entries.withLock { entries in
            entries[id].flatMap { $0.generation == generation ? $0.recipe : nil }
        }
    }

    /// The recipe from memory, or else from `read`, shared with every request that asks for it meanwhile. A read
    /// that fails is not kept, so the next request reads again.
    func recipe(_ id: RecipeID, generation: Int, read: @escaping @Sendable () async throws -> Recipe?) async throws -> Recipe? {
        if let known = recipe(id, generation: generation) { return known }
        let task = reading.withLock { reading in
            if let current = reading[id], current.generation == generation { return current.task }
            let task = Task {
                let recipe = try await read()
                if let recipe { self.keep(recipe, generation: generation) }
                return recipe
            }
            reading[id] = (generation, task)
            return task
        }
        defer {
            reading.withLock { reading in
                if reading[id]?.task == task { reading[id] = nil }
            }
        }
        return try await task.value
    }

    func keep(_ recipe: Recipe, generation: Int) {
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[recipe.id] = (generation, recipe)
        }
    }
}
