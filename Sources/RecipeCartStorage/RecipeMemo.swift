import RecipeCartDomain
import Synchronization

/// Recipes as the shop shows them, each with the catalog generation it was read at; one of an older generation is
/// never answered. Bounded: past `capacity` it starts again empty, which costs only a re-read.
///
/// Requests that want the same recipe while it is being read wait for that one read, as `PageCache` shares a render:
/// just after a start or a catalog change, a burst of shoppers on a few recipes would otherwise read each of them once
/// a request.
package final class RecipeMemo: Sendable {
    private struct State {
        package var entries: [RecipeID: (generation: Int, recipe: Recipe)] = [:]
        /// Reads under way.
        package var reading: [RecipeID: (generation: Int, task: Task<Recipe?, any Error>)] = [:]

        package func kept(_ id: RecipeID, generation: Int) -> Recipe? {
            entries[id].flatMap { $0.generation == generation ? $0.recipe : nil }
        }

        package mutating func keep(_ recipe: Recipe, generation: Int, capacity: Int) {
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[recipe.id] = (generation, recipe)
        }
    }

    package let capacity: Int
    private let state = Mutex(State())

    package init(capacity: Int = 2_000) {
        self.capacity = capacity
    }

    package func recipe(_ id: RecipeID, generation: Int) -> Recipe? {
        state.withLock { $0.kept(id, generation: generation) }
    }

    /// The ingredients of `ids` when every one of them is kept for `generation`, as `CatalogStore.ingredients(of:)`
    /// answers them (a recipe without any left out); nil when one must be read. A shopper's list and order are made
    /// of recipes they have just seen, so they are mostly here.
    package func ingredients(of ids: [RecipeID], generation: Int?) -> [RecipeID: [Ingredient]]? {
        guard let generation else { return nil }
        return state.withLock { state in
            var found: [RecipeID: [Ingredient]] = [:]
            for id in ids {
                guard let recipe = state.kept(id, generation: generation) else { return nil }
                if !recipe.ingredients.isEmpty { found[id] = recipe.ingredients }
            }
            return found
        }
    }

    /// The recipe from memory, or else from `read`, shared with every request that asks for it meanwhile. A read
    /// that fails is not kept, so the next request reads again.
    package func recipe(_ id: RecipeID, generation: Int, read: @escaping @Sendable () async throws -> Recipe?)
        async throws
        -> Recipe?
    {
        enum Lookup {
            case kept(Recipe)
            case reading(Task<Recipe?, any Error>, isOwn: Bool)
        }
        let lookup: Lookup = state.withLock { state in
            if let recipe = state.kept(id, generation: generation) { return .kept(recipe) }
            if let current = state.reading[id], current.generation == generation {
                return .reading(current.task, isOwn: false)
            }
            let task = Task { try await read() }
            state.reading[id] = (generation, task)
            return .reading(task, isOwn: true)
        }
        switch lookup {
        case .kept(let recipe):
            return recipe
        case .reading(let task, let isOwn):
            let result = await task.result
            if isOwn {
                state.withLock { state in
                    if case .success(let recipe?) = result {
                        state.keep(recipe, generation: generation, capacity: capacity)
                    }
                    if state.reading[id]?.task == task { state.reading[id] = nil }
                }
            }
            return try result.get()
        }
    }
}
