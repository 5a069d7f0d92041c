import Algorithms
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartShelf

/// What a serving of each recipe costs at the shop's prices, for tiles and for Browse's cost filter and order. Every
/// recipe's is worked out once a catalog generation (every change of recipes, products or matches advances it), a
/// few hundred recipes read and priced at a time, so that a large catalog's ingredients are never all in memory at
/// once. A page's tiles read that table once it is built, and meanwhile price their own recipes: the
/// first page with tiles of a generation begins the table, so a shop whose shoppers never browse never makes it.
package final class RecipeCosts: Sendable {
    /// Recipes read and priced at a time while the table is made.
    static let batchSize = 500

    private let catalog: any CatalogStore
    private let pricing: ShelfPricing
    private let everyRecipe: GenerationMemo<CostTable>

    package init(catalog: any CatalogStore, pricing: ShelfPricing) {
        self.catalog = catalog
        self.pricing = pricing
        everyRecipe = GenerationMemo { _ in
            var priced: [(id: RecipeID, cost: CostPerServing)] = []
            // A batch at a time: pricing batches on every core at once made the table in half the time but left 6 MB
            // more resident at 100,000 recipes.
            for batch in try await catalog.recipeIDs(matching: BrowseQuery()).chunks(ofCount: Self.batchSize) {
                priced += try await Self.costs(of: Array(batch), catalog: catalog, pricing: pricing).map {
                    ($0.key, $0.value)
                }
            }
            let table = CostTable(priced)
            MemoryRelease.returnFreedMemory()
            return table
        }
    }

    /// Every priced recipe's cost a serving.
    package func everyRecipe(at generation: Int) async throws -> CostTable {
        try await everyRecipe.value(at: generation)
    }

    /// The costs of the recipes a page shows: from the table when it is built, else worked out for them alone.
    package func costs(of ids: [RecipeID], generation: Int) async throws -> [RecipeID: CostPerServing] {
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
