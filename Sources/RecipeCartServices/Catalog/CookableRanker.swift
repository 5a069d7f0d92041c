import RecipeCartContracts
import RecipeCartDomain

/// "What can I make with…": a Browse page ranked by how few ingredients each recipe is missing, among what the search
/// (by the search index) and the other filters (by the database) find, the ranking by the generation's `CookableIndex`.
package final class CookableRanker: Sendable {
    private let catalog: any CatalogStore
    private let search: SearchRanker
    private let index: GenerationMemo<CookableIndex>

    package init(catalog: any CatalogStore, search: SearchRanker) {
        self.catalog = catalog
        self.search = search
        index = GenerationMemo { _ in CookableIndex(lists: try await catalog.ingredientLists()) }
    }

    package func page(for query: BrowseQuery, generation: Int) async throws -> BrowsePage {
        let ranking = try await ranking(
            for: query, among: nil, best: BrowsePaging.rankedNeeded(forPage: query.page), generation: generation)
        let paging = BrowsePaging(total: ranking.count, requestedPage: query.page)
        let shown = ranking.ranked(paging.offset..<(paging.offset + paging.limit))
        let summaries = try await catalog.summaries(shown.map(\.id))
        // A recipe deleted since the generation was read has no summary and is left out.
        let rows = shown.compactMap { ranked in summaries[ranked.id].map { ($0, BrowseSection.fewestMissing) } }
        var page = BrowsePage(rows: rows, total: ranking.count, paging: paging)
        page.missing = Dictionary(uniqueKeysWithValues: shown.map { ($0.id, $0.missing) })
        return page
    }

    /// Every recipe using what the shopper has that the search and other filters find, and `allowed` holds too when
    /// given, fewest missing first.
    func ranked(for query: BrowseQuery, among allowed: Set<RecipeID>?, generation: Int) async throws
        -> [CookableIndex.Ranked]
    {
        let ranking = try await ranking(for: query, among: allowed, best: .max, generation: generation)
        return ranking.ranked(0..<ranking.count)
    }

    private func ranking(for query: BrowseQuery, among extra: Set<RecipeID>?, best: Int, generation: Int)
        async throws -> CookableIndex.Ranking
    {
        // The search and every other filter, without what only orders, pages or prices the list.
        var filters = query
        (filters.have, filters.page, filters.grouping, filters.order, filters.maxCost) = ([], 1, .photo, .usual, nil)
        var allowed: Set<RecipeID>?
        if SearchPattern.make(from: filters.text) != nil {
            allowed = try await search.ids(for: filters, generation: generation)
        } else {
            allowed = filters == BrowseQuery() ? nil : Set(try await catalog.recipeIDs(matching: filters))
        }
        if let extra { allowed = allowed?.intersection(extra) ?? extra }
        return try await index.value(at: generation).rank(have: query.have, among: allowed, best: best)
    }
}
