import Algorithms
import Foundation
import RecipeCartDomain
import RecipeCartShelf
import RecipeCartStorage

/// What a serving of each recipe costs at the shop's prices, for tiles and for Browse's cost filter and order. Every
/// recipe's is worked out once a catalog generation (every change of recipes, products or matches advances it), in
/// batches of a few hundred recipes read and priced on every core, so that a large catalog's ingredients are never all
/// in memory at once. A page's tiles read that table once it is built, and meanwhile price their own recipes: the
/// first page with tiles of a generation begins the table, so a shop whose shoppers never browse never makes it.
final class RecipeCosts: Sendable {
    /// Recipes read and priced at a time while the table is made.
    static let batchSize = 500

    private let catalog: any CatalogStore
    private let pricing: ShelfPricing
    private let everyRecipe: GenerationMemo<[RecipeID: CostPerServing]>

    init(catalog: any CatalogStore, pricing: ShelfPricing) {
        self.catalog = catalog
        self.pricing = pricing
        everyRecipe = GenerationMemo { _ in
            let batches = try await catalog.recipeIDs(matching: BrowseQuery()).chunks(ofCount: Self.batchSize)
                .map(Array.init)
            return try await withThrowingTaskGroup(of: [RecipeID: CostPerServing].self) { group in
                var costs: [RecipeID: CostPerServing] = [:]
                var next = batches.makeIterator()
                // One batch a core in flight: the table is made as fast as the cores allow, holding little.
                for _ in 0..<max(1, ProcessInfo.processInfo.activeProcessorCount) {
                    guard let batch = next.next() else { break }
                    group.addTask { try await Self.costs(of: batch, catalog: catalog, pricing: pricing) }
                }
                while let done = try await group.next() {
                    costs.merge(done) { kept, _ in kept }
                    if let batch = next.next() {
                        group.addTask { try await Self.costs(of: batch, catalog: catalog, pricing: pricing) }
                    }
                }
                MemoryRelease.returnFreedMemory()
                return costs
            }
        }
    }

    /// Every recipe's cost a serving; a recipe nothing of which could be priced has none.
    func everyRecipe(at generation: Int) async throws -> [RecipeID: CostPerServing] {
        try await everyRecipe.value(at: generation)
    }

    /// The costs of the recipes a page shows: from the table when it is built, else worked out for them alone.
    func costs(of ids: [RecipeID], generation: Int) async throws -> [RecipeID: CostPerServing] {
        guard let table = everyRecipe.builtOrBegun(at: generation) else {
            return try await Self.costs(of: ids, catalog: catalog, pricing: pricing)
        }
        var costs: [RecipeID: CostPerServing] = [:]
        for id in ids { costs[id] = table[id] }
        return costs
    }

    private static func costs(of ids: [RecipeID], catalog: any CatalogStore, pricing: ShelfPricing) async throws
        -> [RecipeID: CostPerServing]
    {
        guard !ids.isEmpty else { return [:] }
        async let reading = catalog.summaries(ids)
        let ingredients = try await catalog.ingredients(of: ids)
        let summaries = try await reading
        // A recipe deleted meanwhile has no summary and is left out.
        return try await pricing.servingCosts(
            of: ids.compactMap { id in
                guard let list = ingredients[id], let summary = summaries[id] else { return nil }
                return (id, list, summary.servings)
            })
    }
}
