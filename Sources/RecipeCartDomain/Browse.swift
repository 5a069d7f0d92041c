/// What the Browse page was asked for.
package struct BrowseQuery: Sendable, Equatable, Hashable {
    package enum Grouping: String, Sendable, CaseIterable {
        case photo
        case time
    }

    /// How a page orders what it finds: the usual way (sections, best matches, fewest missing) or by what a serving
    /// costs at the shop's prices (`sort=cost`).
    package enum Order: String, Sendable, CaseIterable {
        case usual
        case cost
    }

    package static let pageSize = 48

    package var text: String
    package var category: String?
    package var diet: Diet?
    package var ingredient: MainIngredient?
    /// A cuisine, spelled as the catalog spells it (`Italian`); nil for any.
    package var area: String?
    /// What the shopper has (`?have=egg,flour,milk`): recipes are ranked by how few of their ingredients are missing.
    package var have: [String]
    /// "Under €3 a serving" (`?max_cost=3`): whole units of the shop's currency; only recipes whose every ingredient
    /// is priced, at no more than this a serving, are found.
    package var maxCost: Int?
    package var order: Order
    package var grouping: Grouping
    package var page: Int

    package init(
        text: String = "", category: String? = nil, diet: Diet? = nil, ingredient: MainIngredient? = nil,
        area: String? = nil,
        have: [String] = [], maxCost: Int? = nil, order: Order = .usual,
        grouping: Grouping = .photo, page: Int = 1
    ) {
        self.text = text
        self.category = category
        self.diet = diet
        self.ingredient = ingredient
        self.area = area
        self.have = have
        self.maxCost = maxCost
        self.order = order
        self.grouping = grouping
        self.page = page
    }
}

/// The sections a Browse page is split into, in display order.
package enum BrowseSection: Int, Sendable, CaseIterable {
    case popular
    case other
    case quick
    case underAnHour
    case longer
    case timeUnknown
    /// A search's hits, best first.
    case results
    /// Recipes using what the shopper has, fewest missing ingredients first.
    case fewestMissing
    /// What a serving costs, cheapest first.
    case cheapest

    package var title: String {
        switch self {
        case .popular: "Popular"
        case .other: "Other"
        case .quick: "Quick (≤ 20 min)"
        case .underAnHour: "Under an hour"
        case .longer: "Longer"
        case .timeUnknown: "Time not given"
        case .results: "Best matches"
        case .fewestMissing: "Fewest ingredients missing"
        case .cheapest: "Cheapest a serving first"
        }
    }

    /// The section browsing without a search puts a recipe in, as the databases' `BrowseSectionSQL` does.
    package static func browsing(_ summary: RecipeSummary, grouping: BrowseQuery.Grouping) -> BrowseSection {
        switch grouping {
        case .photo: summary.imagePath == nil ? .other : .popular
        case .time:
            switch summary.readyInMinutes {
            case nil: .timeUnknown
            case .some(let minutes) where minutes <= 20: .quick
            case .some(let minutes) where minutes < 60: .underAnHour
            case .some: .longer
            }
        }
    }

    /// Popular, Quick and so on show tiles with pictures; Other is a plain list of titles.
    package var showsTiles: Bool { self != .other }
}

package struct BrowsePage: Sendable, Equatable {
    package struct Section: Sendable, Equatable {
        package var kind: BrowseSection
        package var recipes: [RecipeSummary]
    }

    package var sections: [Section]
    package var totalCount: Int
    /// A search that found more than it ranks says "2000+": its count is a floor.
    package var totalIsAtLeast = false
    /// Answered while the catalog's search index was still being built (by the database's full-text search, or
    /// without "Did you mean …?"): right to show, not to keep for the rest of the generation.
    package var isProvisional = false
    /// For a page ranked by what the shopper has: the ingredients each recipe still needs.
    package var missing: [RecipeID: [String]] = [:]
    package var page: Int
    package var pageCount: Int

    package init(sections: [Section], totalCount: Int, page: Int, pageCount: Int) {
        self.sections = sections
        self.totalCount = totalCount
        self.page = page
        self.pageCount = pageCount
    }

    package var isEmpty: Bool { totalCount == 0 }
}

extension BrowsePage {
    /// Recipes in the order the page lists them, each with its section, gathered into sections.
    package init(rows: [(RecipeSummary, BrowseSection)], total: Int, paging: BrowsePaging) {
        var sections: [Section] = []
        for (summary, kind) in rows {
            if sections.last?.kind == kind {
                sections[sections.count - 1].recipes.append(summary)
            } else {
                sections.append(Section(kind: kind, recipes: [summary]))
            }
        }
        self.init(sections: sections, totalCount: total, page: paging.page, pageCount: paging.pageCount)
    }
}
