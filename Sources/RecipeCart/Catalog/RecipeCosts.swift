import Algorithms
import RecipeCartDomain
import RecipeCartShelf
import RecipeCartStorage

/// What a serving of each recipe costs at the shop's prices. Browse's cost filter and order need every recipe's, which
/// is worked out once a catalog generation (every change of recipes, products or matches advances it), a few hundred
/// recipes a read so that a large catalog's ingredients are never all in memory at once; a page's tiles need only
/// their own.
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
            var costs: [RecipeID: CostPerServing] = [:]
            for batch in try await catalog.recipeIDs(matching: BrowseQuery()).chunks(ofCount: Self.batchSize) {
                costs.merge(try await Self.costs(of: Array(batch), catalog: catalog, pricing: pricing)) { kept, _ in
                    kept
                }
            }
            return costs
        }
    }

    /// Every recipe's cost a serving; a recipe nothing of which could be priced has none.
    func everyRecipe(at generation: Int) async throws -> [RecipeID: CostPerServing] {
        try await everyRecipe.value(at: generation)
    }

    /// The costs of the recipes a page shows.
    func costs(of ids: [RecipeID]) async throws -> [RecipeID: CostPerServing] {
        try await Self.costs(of: ids, catalog: catalog, pricing: pricing)
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
