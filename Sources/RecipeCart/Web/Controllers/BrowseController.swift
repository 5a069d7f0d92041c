import Foundation
import Hummingbird
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartServices
import RecipeCartShelf
import RecipeCartStorage
import RecipeCartUpstream

/// `GET /`: search, filters, sections.
struct BrowseController: Sendable {
    static let maximumSearchLength = 200

    let catalog: any CatalogStore
    let catalogMemory: any CatalogMemory
    let upstream: UpstreamCatalog
    let pages: PageContext
    let cache: PageCache
    let search: SearchRanker
    let suggester: SpellingSuggester
    let cookable: CookableRanker
    let byCost: CostRanker
    let costs: RecipeCosts
    let currency: Currency
    let facets: GenerationMemo<BrowseFacets>
    /// The page key of each query string lately asked for (nil for one the page cache cannot answer from memory):
    /// parsing the string and making the page's canonical URL had been a twentieth of a kept page's CPU.
    let pageKeys = BoundedMemo<String, String?>(capacity: 1_024)
    /// Longer query strings are not kept, so the memo stays small whatever is sent.
    static let longestKeptQuery = 512

    /// A search with this many hits or fewer also offers "Did you mean …?" when a word looks mistyped.
    static let fewHits = 2
    /// How many of the suggested search's recipes show under the suggestion.
    static let suggestedRecipes = 8

    func addRoutes(to routes: RouteRegistrar) {
        routes.add(.browse, .get, use: index)
    }

    func index(_ request: Request, context: AppRequestContext) async throws -> Response {
        let fields = FormFields.query(of: request)
        var asked = Self.query(from: fields)
        if let area = asked.area {
            asked.area = try await self.area(
                named: area, generation: try await catalog.generation(), client: context.clientAddress)
        }
        let query = asked
        // Fills SQLite first when the source is an API; the page itself always comes from SQLite.
        let status = await upstream.refresh(for: query, client: context.clientAddress)
        async let personal = pages.personalParts(context: context)
        // Read before the recipes, so a page is never cached under a newer generation than its data.
        let generation = try await catalog.generation()
        let key = cacheKey(for: query)
        // A notice describes this moment's upstream trouble, so that page is not shared.
        let template =
            status.notice == nil
            ? try await cache.template(for: key, generation: generation) {
                try await render(query, generation: generation, notice: nil)
            }
            : try await render(query, generation: generation, notice: status.notice)
        return HTMLResponse.make(template.bytes(filledWith: try await personal))
    }

    /// The page `index` would answer from the page cache, when it needs nothing that only an asynchronous read can
    /// tell: no API to ask first (`upstream.refresh`), no cuisine to look up, the generation in memory, the page kept.
    /// - Parameter rawQuery: the request's query string, not yet decoded.
    func keptPage(forQuery rawQuery: String?) -> PageCache.Template? {
        func pageKey(_ raw: String) -> String? {
            let query = Self.query(from: FormFields.query(raw))
            return query.area == nil ? Self.pageURL(for: query) : nil
        }
        let raw = rawQuery ?? ""
        guard !upstream.isConfigured, let generation = catalogMemory.generationInMemory(),
            let page = raw.utf8.count <= Self.longestKeptQuery ? pageKeys.value(for: raw, make: pageKey) : pageKey(raw)
        else { return nil }
        return cache.kept(for: pages.cacheKey(page), generation: generation)
    }

    private func cacheKey(for query: BrowseQuery) -> String {
        pages.cacheKey(Self.pageURL(for: query))
    }

    private static func pageURL(for query: BrowseQuery) -> String {
        BrowseURL.make(query, page: query.page)
    }

    private func render(_ query: BrowseQuery, generation: Int, notice: String?) async throws -> PageCache.Template {
        async let page = self.page(for: query, generation: generation)
        async let known = facets.value(at: generation)
        let title = query.text.isEmpty ? "Browse recipes" : "“\(query.text.prefix(60))” – recipes"
        let chrome = pages.chrome(title: title, section: "browse", personal: .placeholders)
        let found = try await page
        let facets = try await known
        var view = BrowseView(
            query: query, page: found, categories: facets.categories, areas: facets.areas, chrome: chrome,
            costs: try await servingPrices(of: found.sections.flatMap(\.recipes), generation: generation),
            currency: currency,
            tiles: pages.renderer.tiles, chips: pages.renderer.filterChips, options: pages.renderer.filterOptions)
        view.notice = notice
        var isProvisional = found.isProvisional
        if found.totalCount <= Self.fewHits, query.page == 1, !query.text.isEmpty {
            switch await suggester.suggestion(for: query.text, generation: generation) {
            case .suggestion(let text): view.didYouMean = try await suggested(text, for: query, generation: generation)
            case .none: break
            case .notReady: isProvisional = true
            }
        }
        var template = PageCache.Template(html: try pages.renderer.html(view))
        template.isKept = !isProvisional
        return template
    }

    /// A search is ranked by the search index, a list of what the shopper has by what is missing, anything else by the
    /// database's sections.
    private func page(for query: BrowseQuery, generation: Int) async throws -> BrowsePage {
        if CostRanker.answers(query) { return try await byCost.page(for: query, generation: generation) }
        if !query.have.isEmpty { return try await cookable.page(for: query, generation: generation) }
        if SearchPattern.make(from: query.text) != nil {
            return try await search.page(for: query, generation: generation)
        }
        return try await catalog.browse(query)
    }

    /// The nearest known spelling of the search and its first recipes, when that finds more than the search did.
    private func suggested(_ text: String, for query: BrowseQuery, generation: Int) async throws -> BrowseView
        .DidYouMean?
    {
        var suggested = query
        suggested.text = text
        let page = try await search.page(for: suggested, generation: generation)
        guard page.totalCount > 0 else { return nil }
        let recipes = Array(page.sections.flatMap(\.recipes).prefix(Self.suggestedRecipes))
        let costs = try await servingPrices(of: recipes, generation: generation)
        return BrowseView.DidYouMean(
            text: text, url: BrowseURL.make(suggested),
            tiles: pages.renderer.tiles.html(recipes.map { RecipeTile($0, cost: costs[$0.id]) }))
    }

    /// What a serving of each recipe shown costs, for its tile.
    private func servingPrices(of recipes: [RecipeSummary], generation: Int) async throws -> [RecipeID: ServingPrice] {
        try await costs.costs(of: recipes.map(\.id), generation: generation).mapValues {
            ServingPrice($0, currency: currency)
        }
    }

    /// The catalog's spelling of a cuisine a shopper named, in any case; nil for one neither saved here nor named by
    /// the recipe API, which is then ignored like any unknown filter.
    private func area(named name: String, generation: Int, client: String) async throws -> String? {
        let wanted = name.lowercased()
        func match(in names: [String]) -> String? { names.first { $0.lowercased() == wanted } }
        if let saved = match(in: try await facets.value(at: generation).areas) { return saved }
        return match(in: await upstream.areaNames(client: client))
    }

    /// Unknown filter values are ignored rather than refused: a hand-edited address still shows recipes. The area
    /// is only the shopper's text here: `index` keeps it when it names a known cuisine.
    static func query(from fields: FormFields) -> BrowseQuery {
        let text = String((fields["q"] ?? "").trimmingWhitespaceAndNewlines.prefix(maximumSearchLength))
        var category = fields["category"].flatMap { $0.isEmpty || $0.count > 60 ? nil : $0 }
        var diet = fields["diet"].flatMap(Diet.init(slug:))
        // The Vegan category is the vegan diet now (DietCategory): an old link still finds the same recipes.
        if let vegan = category, DietCategory.isVegan(vegan) {
            category = nil
            diet = diet ?? .vegan
        }
        let area = fields["area"].flatMap { $0.isEmpty || $0.count > 60 ? nil : $0 }
        let page = fields["page"].flatMap(Int.init).map { min(max($0, 1), 10_000) } ?? 1
        return BrowseQuery(
            text: text, category: category, diet: diet,
            ingredient: fields["ingredient"].flatMap(MainIngredient.init(rawValue:)),
            area: area, have: HaveList.items(from: String((fields["have"] ?? "").prefix(maximumSearchLength * 2))),
            maxCost: fields["max_cost"].flatMap(Self.maxCost(_:)),
            order: fields["sort"].flatMap(BrowseQuery.Order.init(rawValue:)) ?? .usual,
            // The Order select says `sort=time` for what links say `group=time`.
            grouping: fields["sort"].flatMap(BrowseQuery.Grouping.init(rawValue:))
                ?? fields["group"].flatMap(BrowseQuery.Grouping.init(rawValue:)) ?? .photo, page: page)
    }

    /// The highest `max_cost` taken, in whole units of the shop's currency.
    static let highestMaxCost = 100_000

    /// `max_cost=3`: a whole number of the shop's currency's units, from 1; anything else is no cost filter.
    private static func maxCost(_ text: String) -> Int? {
        guard text.utf8.count <= 6, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let value = Int(text), (1...highestMaxCost).contains(value)
        else { return nil }
        return value
    }
}
