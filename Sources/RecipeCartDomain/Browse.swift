/// What the Browse page was asked for.
public struct BrowseQuery: Sendable, Equatable, Hashable {
    public enum Grouping: String, Sendable, CaseIterable {
        case photo
        case time
    }

    /// How a page orders what it finds: the usual way (sections, best matches, fewest missing) or by what a serving
    /// costs at the shop's prices (`sort=cost`).
    public enum Order: String, Sendable, CaseIterable {
        case usual
        case cost
    }

    public static let pageSize = 48

    public var text: String
    public var category: String?
    public var diet: Diet?
    public var ingredient: MainIngredient?
    /// A cuisine, spelled as the catalog spells it (`Italian`); nil for any.
    public var area: String?
    /// What the shopper has (`?have=egg,flour,milk`): recipes are ranked by how few of their ingredients are missing.
    public var have: [String]
    /// "Under €3 a serving" (`?max_cost=3`): whole units of the shop's currency; only recipes whose every ingredient
    /// is priced, at no more than this a serving, are found.
    public var maxCost: Int?
    public var order: Order
    public var grouping: Grouping
    public var page: Int

    public init(
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
public enum BrowseSection: Int, Sendable, CaseIterable {
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

    public var title: String {
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
    public static func browsing(_ summary: RecipeSummary, grouping: BrowseQuery.Grouping) -> BrowseSection {
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
    public var showsTiles: Bool { self != .other }
}

public struct BrowsePage: Sendable, Equatable {
    public struct Section: Sendable, Equatable {
        public var kind: BrowseSection
        public var recipes: [RecipeSummary]
    }

    public var sections: [Section]
    public var totalCount: Int
    /// A search that found more than it ranks says "2000+": its count is a floor.
    public var totalIsAtLeast = false
    /// Answered while the catalog's search index was still being built (by the database's full-text search, or
    /// without "Did you mean …?"): right to show, not to keep for the rest of the generation.
    public var isProvisional = false
    /// For a page ranked by what the shopper has: the ingredients each recipe still needs.
    public var missing: [RecipeID: [String]] = [:]
    public var page: Int
    public var pageCount: Int

    public init(sections: [Section], totalCount: Int, page: Int, pageCount: Int) {
        self.sections = sections
        self.totalCount = totalCount
        self.page = page
        self.pageCount = pageCount
    }

    public var isEmpty: Bool { totalCount == 0 }
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
