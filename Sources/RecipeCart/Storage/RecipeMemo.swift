import Synchronization

/// Recipes as the shop shows them, each with the catalog generation it was read at; one of an older generation is
/// never answered. Bounded: past `capacity` it starts again empty, which costs only a re-read.
final class RecipeMemo: Sendable {
    let capacity: Int
    private let entries = Mutex<[RecipeID: (generation: Int, recipe: Recipe)]>([:])

    init(capacity: Int = 2_000) {
        self.capacity = capacity
    }

    func recipe(_ id: RecipeID, generation: Int) -> Recipe? {
        entries.withLock { entries in
            entries[id].flatMap { $0.generation == generation ? $0.recipe : nil }
        }
    }

    func keep(_ recipe: Recipe, generation: Int) {
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[recipe.id] = (generation, recipe)
        }
    }
}
