import RecipeCartContracts
import RecipeCartDomain
import RecipeCartShelf

/// A Browse page kept to a cost a serving (`max_cost`) or ordered by it (`sort=cost`): what the search and every other
/// filter find, in their usual order (best matches, fewest missing, or the browsing sections in title order), kept to
/// the recipes whose whole cost is within the ceiling, then, for `sort=cost`, cheapest first; with what the shopper
/// has, fewest missing stays first and the cost orders each count. Costs come from `RecipeCosts`' table.
package final class CostRanker: Sendable {
    private typealias Row = (id: RecipeID, section: BrowseSection)

    private let catalog: any CatalogStore
    private let search: SearchRanker
    private let cookable: CookableRanker
    private let costs: RecipeCosts
    private let currency: Currency

    package init(
        catalog: any CatalogStore, search: SearchRanker, cookable: CookableRanker, costs: RecipeCosts,
        currency: Currency
    ) {
        self.catalog = catalog
        self.search = search
        self.cookable = cookable
        self.costs = costs
        self.currency = currency
    }

    /// Whether `query` asks for what only this ranker answers.
    package static func answers(_ query: BrowseQuery) -> Bool {
        query.maxCost != nil || query.order == .cost
    }

    package func page(for query: BrowseQuery, generation: Int) async throws -> BrowsePage {
        let table = try await costs.everyRecipe(at: generation)
        let withinCost = query.maxCost.map { table.ids(atMost: $0 * currency.minorPerMajor) }
        var rows: [Row]
        var missing: [RecipeID: [String]] = [:]
        if !query.have.isEmpty {
            let ranked = try await cookable.ranked(for: query, among: withinCost, generation: generation)
            rows = ranked.map { ($0.id, .fewestMissing) }
            missing = Dictionary(ranked.map { ($0.id, $0.missing) }, uniquingKeysWith: { first, _ in first })
        } else {
            let index = try await search.index.value(at: generation)
            var allowed = try await search.allowed(by: query)
            if let withinCost { allowed = allowed?.intersection(withinCost) ?? withinCost }
            if SearchPattern.make(from: query.text) != nil {
                let ranking = index.rank(query.text, among: allowed)
                rows = ranking.ids(0..<ranking.count).map { ($0, .results) }
            } else {
                let ranking = index.inTitleOrder(among: allowed)
                let all = 0..<ranking.count
                // Ordered by cost below, title order breaking ties, the browsing sections play no part there.
                rows =
                    query.order == .cost
                    ? ranking.ids(all).map { ($0, .cheapest) }
                    : Self.stablySorted(
                        zip(ranking.ids(all), ranking.summaries(all)).map {
                            ($0, BrowseSection.browsing($1, grouping: query.grouping))
                        }, by: { ($0.section.rawValue, 0, 0) })
            }
        }
        if query.order == .cost {
            rows = Self.stablySorted(rows) { row in
                let (tier, minor) = CostPerServing.orderKey(table[row.id])
                return (missing[row.id]?.count ?? 0, tier, minor)
            }
            if query.have.isEmpty { rows = rows.map { ($0.id, .cheapest) } }
        }
        let paging = BrowsePaging(total: rows.count, requestedPage: query.page)
        let shown = rows[(paging.offset..<(paging.offset + paging.limit)).clamped(to: rows.indices)]
        let summaries = try await catalog.summaries(shown.map(\.id))
        // A recipe deleted since the generation was read has no summary and is left out.
        var page = BrowsePage(
            rows: shown.compactMap { row in summaries[row.id].map { ($0, row.section) } }, total: rows.count,
            paging: paging)
        page.missing = Dictionary(
            shown.compactMap { row in missing[row.id].map { (row.id, $0) } }, uniquingKeysWith: { first, _ in first })
        return page
    }

    /// `rows` by `key`, rows of an equal key keeping their order. Their places are sorted rather than the rows with
    /// their keys: at 100,000 recipes that had held 14 MB at once.
    private static func stablySorted(_ rows: [Row], by key: (Row) -> (Int, Int, Int)) -> [Row] {
        let keys = rows.map(key)
        return rows.indices.sorted { a, b in (keys[a].0, keys[a].1, keys[a].2, a) < (keys[b].0, keys[b].1, keys[b].2, b)
        }
        .map { rows[$0] }
    }
}
