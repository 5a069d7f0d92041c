import RecipeCartContracts

/// The Browse page's category chips and cuisine options, read once a catalog generation: at 100,000 recipes each
/// was a walk of its whole index on every page rendered, and on every request naming a cuisine.
package struct BrowseFacets: Sendable {
    package let categories: [String]
    package let areas: [String]

    package static func memo(of catalog: any CatalogStore) -> GenerationMemo<BrowseFacets> {
        GenerationMemo { _ in
            async let categories = catalog.categories()
            async let areas = catalog.areas()
            return BrowseFacets(categories: try await categories, areas: try await areas)
        }
    }
}
