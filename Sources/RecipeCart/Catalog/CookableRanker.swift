import RecipeCartDomain
import RecipeCartStorage

/// "What can I make with…": a Browse page ranked by how few ingredients each recipe is missing, among what the search
/// (by the search index) and the other filters (by the database) find, the ranking by the generation's `CookableIndex`.
final class CookableRanker: Sendable {
    private let catalog: any CatalogStore
    private let search: SearchRanker
    private let index: GenerationMemo<CookableIndex>

    init(catalog: any CatalogStore, search: SearchRanker) {
        self.catalog = catalog
        self.search = search
        index = GenerationMemo { _ in CookableIndex(lists: try await catalog.ingredientLists()) }
    }

    func page(for query: BrowseQuery, generation: Int) async throws -> BrowsePage {
        // The search and every other filter, without what only orders or pages the list.
        var filters = query
        (filters.have, filters.page, filters.grouping) = ([], 1, .photo)
        let allowed: Set<RecipeID>?
        if SearchPattern.make(from: filters.text) != nil {
            allowed = try await search.ids(for: filters, generation: generation)
        } else {
            allowed = filters == BrowseQuery() ? nil : Set(try await catalog.recipeIDs(matching: filters))
        }
        let ranking = try await index.value(at: generation).rank(
            have: query.have, among: allowed, best: BrowsePaging.rankedNeeded(forPage: query.page))
        let paging = BrowsePaging(total: ranking.count, requestedPage: query.page)
        let shown = ranking.ranked(paging.offset..<(paging.offset + paging.limit))
        let summaries = try await catalog.summaries(shown.map(\.id))
        // A recipe deleted since the generation was read has no summary and is left out.
        let rows = shown.compactMap { ranked in summaries[ranked.id].map { ($0, BrowseSection.fewestMissing) } }
        var page = BrowsePage(rows: rows, total: ranking.count, paging: paging)
        page.missing = Dictionary(uniqueKeysWithValues: shown.map { ($0.id, $0.missing) })
        return page
    }
}
