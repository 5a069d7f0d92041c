import Foundation
import Mustache
import RecipeCartDomain
import RecipeCartShelf

/// The Browse page: search form, filters, sections of tiles, paging.
struct BrowseView: PageView {
    static let template = PageTemplate.browse

    struct Section {
        var title: String
        var headingID: String
        var showsTiles: Bool
        var recipes: [RecipeTile]
        /// The recipes' tiles as HTML, where the section shows tiles.
        var tiles: String
    }

    var chrome: PageChrome
    var searchText: String
    var category: String?
    /// The filters' chips and options as HTML (`Stencil`): each list has dozens, and Mustache looking up their names
    /// one by one was a fifth of an uncached search at 100,000 recipes.
    var categoryChips: String
    var ingredientOptions: String
    var ingredient: String?
    var areaOptions: String
    var area: String?
    /// The shopper's items as the field shows them: "egg, flour, milk"; nil without any.
    var haveText: String?
    var dietOptions: String
    /// The chosen diet's label; nil for any diet.
    var diet: String?
    var costOptions: String
    /// "under €3 a serving"; nil for any cost.
    var costText: String?
    var orderOptions: String
    /// Set when the page is ordered by cost.
    var byCost: Bool
    var sections: [Section]
    var resultSummary: String
    var emptyMessage: String?
    var previousURL: String?
    var nextURL: String?
    var pageText: String?
    /// Set when the recipe service could not answer this search or category: the page shows what is saved.
    var notice: String?
    /// Set by the controller when a word of a search that found little looks mistyped.
    var didYouMean: DidYouMean?

    struct DidYouMean {
        var text: String
        var url: String
        /// The suggested search's first recipes as tiles, in HTML.
        var tiles: String
    }

    init(
        query: BrowseQuery, page: BrowsePage, categories: [String], areas: [String], chrome: PageChrome,
        costs: [RecipeID: ServingPrice], currency: Currency,
        tiles: Stencil<RecipeTile>, chips: Stencil<FilterChip>, options: Stencil<FilterOption>
    ) {
        self.chrome = chrome
        searchText = query.text
        category = query.category
        categoryChips = chips.html(
            [
                FilterChip(
                    label: "All", url: BrowseURL.make(query, category: .some(nil)), selected: query.category == nil)
            ]
                + categories.map {
                    FilterChip(
                        label: $0, url: BrowseURL.make(query, category: .some($0)), selected: query.category == $0)
                })
        ingredient = query.ingredient?.label
        haveText = query.have.isEmpty ? nil : query.have.joined(separator: ", ")
        ingredientOptions = options.html(
            [FilterOption(value: "", label: "Any", selected: query.ingredient == nil)]
                + MainIngredient.allCases.map {
                    FilterOption(value: $0.rawValue, label: $0.label, selected: query.ingredient == $0)
                })
        area = query.area
        // A cuisine asked for but not saved yet (the recipe API named it) is still shown as chosen.
        let unsaved = query.area.flatMap { areas.contains($0) ? nil : $0 }
        areaOptions = options.html(
            [FilterOption(value: "", label: "Any cuisine", selected: query.area == nil)]
                + (areas + [unsaved].compactMap { $0 }).map {
                    FilterOption(value: $0, label: $0, selected: query.area == $0)
                })
        dietOptions = options.html(
            [FilterOption(value: "", label: "Any diet", selected: query.diet == nil)]
                + Diet.allCases.map { FilterOption(value: $0.slug, label: $0.label, selected: query.diet == $0) })
        diet = query.diet?.label
        let ceilings = Self.costCeilings(for: currency)
        costOptions = options.html(
            [FilterOption(value: "", label: "Any cost", selected: query.maxCost == nil)]
                + (ceilings + [query.maxCost].compactMap { $0 }.filter { !ceilings.contains($0) }).sorted().map {
                    FilterOption(
                        value: String($0), label: "Under \(currency.prefix)\($0)", selected: query.maxCost == $0)
                })
        costText = query.maxCost.map { Self.costLabel($0, currency: currency) }
        orderOptions = options.html(Self.orderChoices(for: query))
        byCost = query.order == .cost
        sections = page.sections.map { section in
            let recipes = section.recipes.map { RecipeTile($0, missing: page.missing[$0.id], cost: costs[$0.id]) }
            return Section(
                title: section.kind.title, headingID: "section-\(section.kind.rawValue)",
                showsTiles: section.kind.showsTiles, recipes: recipes,
                tiles: section.kind.showsTiles ? tiles.html(recipes) : "")
        }
        resultSummary = DisplayText.recipeCount(page.totalCount, orMore: page.totalIsAtLeast)
        if page.isEmpty {
            let searched = query.text.trimmingCharacters(in: .whitespacesAndNewlines)
            emptyMessage =
                if let haveText {
                    "No recipes use “\(haveText.prefix(80))” with these filters. Try other ingredients, or clear the filters."
                } else if let costText, searched.isEmpty {
                    "No recipes are \(costText) with these filters. Try a higher cost, or clear the filters."
                } else if searched.isEmpty {
                    "No recipes match these filters yet. Try another category or diet."
                } else {
                    "No recipes match “\(searched.prefix(80))”. Try fewer or different words, or clear the filters."
                }
        }
        if page.pageCount > 1 {
            pageText = "Page \(page.page) of \(page.pageCount)"
            if page.page > 1 { previousURL = BrowseURL.make(query, page: page.page - 1) }
            if page.page < page.pageCount { nextURL = BrowseURL.make(query, page: page.page + 1) }
        }
    }

    /// The "under … a serving" choices offered, in whole units of the currency: a currency without minor units (the
    /// yen) is counted in hundreds.
    static func costCeilings(for currency: Currency) -> [Int] {
        let scale = currency.minorDigits == 0 ? 100 : 1
        return [1, 2, 3, 5, 10].map { $0 * scale }
    }

    /// The one "Order" choice of every way a page can be ordered: a search lists its best matches first, `have=` the
    /// fewest missing, browsing groups by pictures or by cooking time (`sort=time`, as `group=time` does); any of them
    /// can list the cheapest a serving first. A select beside the filters rather than a row of chips of its own, so
    /// that a desktop's filters stay one row.
    static func orderChoices(for query: BrowseQuery) -> [FilterOption] {
        let usual = query.order == .usual
        let ways: [FilterOption] =
            if !query.have.isEmpty {
                [FilterOption(value: "", label: "Fewest missing first", selected: usual)]
            } else if !query.text.isEmpty {
                [FilterOption(value: "", label: "Best match first", selected: usual)]
            } else {
                [
                    FilterOption(value: "", label: "Photos first", selected: usual && query.grouping == .photo),
                    FilterOption(
                        value: BrowseQuery.Grouping.time.rawValue, label: "By cooking time",
                        selected: usual && query.grouping == .time),
                ]
            }
        return ways + [
            FilterOption(value: BrowseQuery.Order.cost.rawValue, label: "Cheapest a serving", selected: !usual)
        ]
    }

    /// "under €3 a serving".
    static func costLabel(_ maxCost: Int, currency: Currency) -> String {
        "under \(currency.prefix)\(maxCost) a serving"
    }
}

/// Links that keep every other part of the current Browse query.
enum BrowseURL {
    static func make(
        _ query: BrowseQuery, category: String?? = nil, page: Int = 1
    ) -> String {
        var items: [(String, String)] = []
        if !query.text.isEmpty { items.append(("q", query.text)) }
        if let category = category ?? query.category { items.append(("category", category)) }
        if let diet = query.diet { items.append(("diet", diet.slug)) }
        if let ingredient = query.ingredient { items.append(("ingredient", ingredient.rawValue)) }
        if let area = query.area { items.append(("area", area)) }
        if !query.have.isEmpty { items.append(("have", query.have.joined(separator: ","))) }
        if let maxCost = query.maxCost { items.append(("max_cost", String(maxCost))) }
        if query.order != .usual { items.append(("sort", query.order.rawValue)) }
        if query.grouping != .photo { items.append(("group", query.grouping.rawValue)) }
        if page > 1 { items.append(("page", String(page))) }
        let home = SiteURL.browse.path
        guard !items.isEmpty else { return home }
        return home + "?" + items.map { "\($0.0)=\(PercentEncoding.encode($0.1))" }.joined(separator: "&")
    }
}

/// Named rather than reflected: the page's template reads each name through every one of these properties.
extension BrowseView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "chrome": chrome
        case "searchText": searchText
        case "category": category
        case "categoryChips": categoryChips
        case "ingredientOptions": ingredientOptions
        case "ingredient": ingredient
        case "areaOptions": areaOptions
        case "area": area
        case "haveText": haveText
        case "dietOptions": dietOptions
        case "diet": diet
        case "costOptions": costOptions
        case "costText": costText
        case "orderOptions": orderOptions
        case "byCost": byCost
        case "sections": sections
        case "resultSummary": resultSummary
        case "emptyMessage": emptyMessage
        case "previousURL": previousURL
        case "nextURL": nextURL
        case "pageText": pageText
        case "notice": notice
        case "didYouMean": didYouMean
        default: nil
        }
    }
}

extension BrowseView.DidYouMean: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "text": text
        case "url": url
        case "tiles": tiles
        default: nil
        }
    }
}

extension BrowseView.Section: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "headingID": headingID
        case "showsTiles": showsTiles
        case "recipes": recipes
        case "tiles": tiles
        default: nil
        }
    }
}
