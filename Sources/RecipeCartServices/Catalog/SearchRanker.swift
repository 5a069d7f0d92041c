import RecipeCartContracts
import RecipeCartDomain

/// A Browse page for a search: the whole catalog ranked in memory by the generation's `SearchIndex`, which holds the
/// tiles too; the other filters are applied by the database. While a new generation's index is still being built
/// (1–2 s at 100,000 recipes, after a change) a search does not wait for it: the database's full-text index answers,
/// ranked with the same weights.
package final class SearchRanker: Sendable {
    /// How long a search waits for the index before asking the database instead: a small catalog's index is built
    /// well within it, so its searches always use the index.
    static let patience = Duration.milliseconds(50)

    private let catalog: any CatalogStore
    package let index: GenerationMemo<SearchIndex>

    package init(catalog: any CatalogStore) {
        self.catalog = catalog
        index = GenerationMemo { _ in
            let index = try await catalog.searchIndex()
            MemoryRelease.returnFreedMemory()
            return index
        }
    }

    package func page(for query: BrowseQuery, generation: Int) async throws -> BrowsePage {
        guard let index = await index.value(at: generation, waitingAtMost: Self.patience) else {
            var page = try await catalog.browse(query)
            page.isProvisional = true
            return page
        }
        let best = BrowsePaging.rankedNeeded(forPage: query.page)
        let ranking = index.rank(query.text, among: try await allowed(by: query), best: best)
        let paging = BrowsePaging(total: ranking.count, requestedPage: query.page)
        let shownRange = paging.offset..<(paging.offset + paging.limit)
        let rows = ranking.summaries(shownRange).map { ($0, BrowseSection.results) }
        return BrowsePage(rows: rows, total: ranking.count, paging: paging)
    }

    /// Every recipe the search and filters of `query` find, in no order.
    func ids(for query: BrowseQuery, generation: Int) async throws -> Set<RecipeID> {
        guard let index = await index.value(at: generation, waitingAtMost: Self.patience) else {
            return Set(try await catalog.recipeIDs(matching: query))
        }
        let ranking = index.rank(query.text, among: try await allowed(by: query))
        return Set(ranking.ids(0..<ranking.count))
    }

    /// What the filters other than the search allow, or nil for no filter.
    func allowed(by query: BrowseQuery) async throws -> Set<RecipeID>? {
        let filters = BrowseQuery(
            category: query.category, diet: query.diet, ingredient: query.ingredient, area: query.area)
        return filters == BrowseQuery() ? nil : Set(try await catalog.recipeIDs(matching: filters))
    }
}
