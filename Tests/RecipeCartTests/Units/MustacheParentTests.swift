import Foundation
import Mustache
import RecipeCartDomain
import RecipeCartShelf
import RecipeCartStorage
import RecipeCartUpstream
import Testing

@testable import RecipeCart

/// Views that name their values for Mustache instead of being reflected must name every stored property:
/// a name left out would render as nothing.
@Suite struct MustacheParentTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let recipe = Recipe(
        id: RecipeID("bundled-1")!, title: "Cake", description: "", category: "Dessert", servings: 4,
        readyInMinutes: 30,
        diets: [], tags: [], imagePath: nil, sourceURL: nil, ingredients: [], steps: [])
    static let line = CartLine(
        recipe: recipe.summary, quantity: 2, servings: 6, cooking: CookingTimer(startedAt: now - 600, minutes: 30))

    static var views: [any MustacheParent] {
        [
            RecipeCartBlock(recipe: recipe, line: line, servings: 2, csrfToken: "token", now: now, zone: .gmt),
            RecipeCartBlock(recipe: recipe, line: nil, servings: nil, csrfToken: "token", now: now, zone: .gmt),
            Stepper(recipeID: recipe.id, title: "Cake", quantity: 2, csrfToken: "token", returnTo: "/cart"),
            Stepper(
                recipeID: recipe.id, title: "Cake", quantity: 2, csrfToken: "token", returnTo: "/cart", servings: 3),
            CookingStatus(line: line, csrfToken: "token", returnTo: "/cart", now: now, zone: .gmt),
            RecipeTile(recipe.summary),
            FilterChip(label: "Dessert", url: "/?category=Dessert", selected: true),
            FilterOption(value: "vegan", label: "Vegan", selected: false),
            BrowseView.Section(
                title: "Best matches", headingID: "results", showsTiles: true, recipes: [RecipeTile(recipe.summary)],
                tiles: "<li>Cake</li>"),
            BrowseView.DidYouMean(text: "cake", url: "/?q=cake", tiles: "<li>Cake</li>"),
            BrowseView(
                query: BrowseQuery(text: "cake", area: "Italian", have: ["egg", "flour"]),
                page: BrowsePage(
                    rows: [(recipe.summary, .results)], total: 1, paging: BrowsePaging(total: 1, requestedPage: 1)),
                categories: ["Dessert"], areas: ["French", "Italian"], chrome: chrome,
                costs: [
                    recipe.id: ServingPrice(
                        CostPerServing(minor: 120, isEstimated: true, isIncomplete: false), currency: .euro)
                ],
                currency: .euro, tiles: Stencil { _ in "<li>tile</li>" }, chips: Stencil { _ in "<li>chip</li>" },
                options: Stencil { _ in "<option>option</option>" }),
            chrome,
        ]
    }

    static let chrome = PageChrome(
        title: "Cake", cartCount: "2", cartCountLabel: "2 batches", csrfToken: "token", stylesheetURL: "/a.css",
        scriptURL: "/a.js", iconURL: "/a.svg", badgeClass: "badge", statusHTML: "", isBrowse: true, isCart: false)

    @Test(arguments: 0..<views.count) func everyStoredPropertyIsNamed(index: Int) {
        let view = Self.views[index]
        for child in Mirror(reflecting: view).children {
            guard let name = child.label else {
                Issue.record("an unlabelled child")
                continue
            }
            let named = view.child(named: name)
            #expect(
                String(describing: named.map { $0 } ?? "nil") == Self.describe(child.value), "\(type(of: view)).\(name)"
            )
        }
        #expect(view.child(named: "noSuchName") == nil)
    }

    /// An optional's description without its `Optional(…)` wrapper, as `child(named:)` gives it.
    private static func describe(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return String(describing: value) }
        return mirror.children.first.map { String(describing: $0.value) } ?? "nil"
    }
}
