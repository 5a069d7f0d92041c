import Foundation
import Mustache
import RecipeCartDomain
import RecipeCartShelf
import RecipeCartStorage
import RecipeCartUpstream
import Testing

@testable import RecipeCart

/// A page filled in from its shape's plan must be the HTML Mustache renders from its template, byte for byte: for
/// every shape a Browse page takes, for views of one shape filled from a plan another view made, and for values that
/// need escaping or look like the plan's own marks.
@Suite struct RenderPlansTests {
    static let hostile = "<script>alert('x')</script> & \"more\" \u{3}0&\u{3} \u{3}1&amp;\u{3} \u{2}title\u{2} 🍲"

    static func summary(_ number: Int, title: String = "Lentil soup") -> RecipeSummary {
        RecipeSummary(
            id: RecipeID("bundled-\(number)")!, title: "\(title) \(number)", category: "Soup",
            servings: number % 3 == 0 ? nil : 4,
            readyInMinutes: number % 4 == 0 ? nil : 35, imagePath: number % 2 == 0 ? nil : "bundled/lentil.svg")
    }

    static func page(_ kinds: [BrowseSection], recipes: Int, total: Int, page: Int = 1) -> BrowsePage {
        let rows = kinds.flatMap { kind in (1...recipes).map { (summary($0), kind) } }
        return BrowsePage(rows: rows, total: total, paging: BrowsePaging(total: total, requestedPage: page))
    }

    static func chrome(title: String = "Browse recipes", status: String = "") -> PageChrome {
        PageChrome(
            title: title, cartCount: "\u{1}cartCount\u{1}", cartCountLabel: "\u{1}cartCountLabel\u{1}",
            csrfToken: "\u{1}csrfToken\u{1}", stylesheetURL: "/static/app.css", scriptURL: "/static/app.js",
            iconURL: "/static/icon.svg", badgeClass: "\u{1}badgeClass\u{1}", statusHTML: status, isBrowse: true,
            isCart: false)
    }

    /// Searches, pages, empty results, filters, notices, suggestions and the browsing sections, each kind more than
    /// once with other values, so most are filled from a plan another view made.
    static func views(_ renderer: PageRenderer) -> [BrowseView] {
        func view(
            _ query: BrowseQuery, _ page: BrowsePage, chrome: PageChrome = chrome(),
            areas: [String] = ["French", "Italian"], currency: Currency = .euro
        ) -> BrowseView {
            // Every other recipe has a cost, some estimated, some only "at least".
            let costs = page.sections.flatMap(\.recipes).enumerated().filter { $0.offset % 2 == 0 }.map {
                place, recipe in
                (
                    recipe.id,
                    ServingPrice(
                        CostPerServing(minor: 100 + place, isEstimated: place % 4 == 0, isIncomplete: place % 6 == 0),
                        currency: currency)
                )
            }
            return BrowseView(
                query: query, page: page, categories: ["Dessert", "Soup"], areas: areas, chrome: chrome,
                costs: Dictionary(costs, uniquingKeysWith: { first, _ in first }), currency: currency,
                tiles: renderer.tiles, chips: renderer.filterChips, options: renderer.filterOptions)
        }
        var views = [
            view(BrowseQuery(text: "lentil"), page([.results], recipes: 3, total: 3)),
            view(
                BrowseQuery(text: "soup"), page([.results], recipes: 5, total: 5),
                chrome: chrome(title: "“soup” – recipes")),
            view(BrowseQuery(text: "soup", page: 2), page([.results], recipes: 48, total: 200, page: 2)),
            view(BrowseQuery(text: "stew", page: 1), page([.results], recipes: 48, total: 150)),
            view(BrowseQuery(text: "stew", page: 4), page([.results], recipes: 10, total: 150, page: 4)),
            view(BrowseQuery(text: "nothing"), page([], recipes: 1, total: 0)),
            view(BrowseQuery(text: "zilch"), page([], recipes: 1, total: 0)),
            view(BrowseQuery(have: ["egg", "flour"]), page([], recipes: 1, total: 0)),
            view(BrowseQuery(category: "Dessert"), page([], recipes: 1, total: 0)),
            view(
                BrowseQuery(
                    text: hostile, category: hostile, diet: .vegan, ingredient: .chicken, area: hostile, have: [hostile]
                ),
                page([.results], recipes: 2, total: 2),
                chrome: chrome(title: hostile, status: "<p class=\"status\">Added</p>"),
                areas: ["French"]),
            view(
                BrowseQuery(text: "cake", category: "Dessert", diet: .vegetarian, area: "Italian", have: ["milk"]),
                page([.fewestMissing], recipes: 4, total: 4)),
            view(BrowseQuery(), page([.popular, .other, .quick], recipes: 6, total: 18)),
            view(
                BrowseQuery(grouping: .time),
                page([.quick, .underAnHour, .longer, .timeUnknown], recipes: 3, total: 12)),
            view(
                BrowseQuery(grouping: .time), page([.quick, .underAnHour, .longer, .timeUnknown], recipes: 2, total: 8)),
            view(BrowseQuery(category: "Soup"), page([.popular, .other], recipes: 4, total: 8)),
            view(BrowseQuery(maxCost: 3), page([.popular, .other], recipes: 3, total: 6)),
            view(BrowseQuery(text: "soup", maxCost: 7, order: .cost), page([.cheapest], recipes: 5, total: 5)),
            view(
                BrowseQuery(order: .cost), page([.cheapest], recipes: 4, total: 4), currency: try! Currency(code: "JPY")
            ),
            view(BrowseQuery(maxCost: 1), page([], recipes: 1, total: 0)),
        ]
        var withNotice = view(BrowseQuery(text: "curry"), page([.results], recipes: 2, total: 2))
        withNotice.notice = "The recipe service did not answer: these are the saved recipes."
        views.append(withNotice)
        var suggested = view(BrowseQuery(text: "lentl"), page([], recipes: 1, total: 0))
        suggested.didYouMean = BrowseView.DidYouMean(
            text: "lentil", url: "/?q=lentil",
            tiles: renderer.tiles.html([RecipeTile(summary(1)), RecipeTile(summary(2))]))
        views.append(suggested)
        var hostileSuggestion = view(BrowseQuery(text: "sop"), page([.results], recipes: 1, total: 1))
        hostileSuggestion.didYouMean = BrowseView.DidYouMean(
            text: hostile, url: "/?q=" + hostile, tiles: "<li>\(hostile)</li>")
        views.append(hostileSuggestion)
        return views
    }

    static func mustache(_ view: BrowseView, _ renderer: PageRenderer) -> String? {
        renderer.library.render(view, withTemplate: BrowseView.template.rawValue)
    }

    @Test func everyBrowsePageIsWhatMustacheRenders() async throws {
        let renderer = try await StencilTests.renderer()
        let views = Self.views(renderer)
        // Twice over, in both orders: the second time round every view is filled from a plan already made.
        for view in views + views.reversed() {
            let planned = try renderer.html(view)
            #expect(planned == Self.mustache(view, renderer), "\(view.searchText) \(view.sections.map(\.title))")
        }
        #expect(renderer.browsePlans.shapes > 1)
        #expect(renderer.browsePlans.shapes < views.count, "views of one shape share its plan")
    }

    @Test func viewsOfOneShapeShareAPlanAndKeepTheirOwnValues() async throws {
        let renderer = try await StencilTests.renderer()
        let first = try renderer.html(Self.views(renderer)[3])
        var other = Self.views(renderer)[3]
        other.searchText = "another search"
        other.resultSummary = "7 recipes"
        let second = try renderer.html(other)
        #expect(second == Self.mustache(other, renderer))
        #expect(second != first)
        #expect(second.contains("value=\"another search\""))
    }

    /// Sections, inverted sections, lists of views and of text, names found up the context stack, dotted names,
    /// flags shown as text, and `{{ }}` beside `{{{ }}}` of one value; with how many shapes the three views take.
    @Test(arguments: [
        (
            "{{#items}}<li>{{name}}{{#note}} ({{note}}){{/note}}{{^note}} –{{/note}} {{title}}</li>{{/items}}{{^items}}none{{/items}}",
            2
        ),
        (
            "{{title}} {{{title}}} {{#flag}}on{{/flag}}{{^flag}}off{{/flag}} {{flag}} {{count}} {{nested.name}} {{#nested}}{{title}}{{/nested}}",
            2
        ),
        (
            "{{#words}}[{{.}}]{{/words}} {{#title}}<{{title}}>{{/title}} {{#missing}}x{{/missing}}{{^missing}}y{{/missing}}",
            3
        ),
    ])
    func plansFollowMustacheOnEveryKindOfTag(text: String, shapes: Int) throws {
        // Before the template is parsed: it takes its escaping then.
        HTMLEscaping.register()
        let template = try MustacheTemplate(string: "{{% CONTENT_TYPE: HTML }}" + text)
        let plans = RenderPlans()
        let views = [
            Node(
                title: "a & b's \"c\"", flag: true, count: 3, words: ["x", "<y>"],
                items: [Node(name: "one", note: "n"), Node(name: "<two>")], nested: Node(name: "inner")),
            Node(title: "c \u{3}0&\u{3}", flag: false, count: 0, words: [], items: [], nested: nil),
            Node(
                title: "d", flag: true, count: 1, words: ["z"],
                items: [Node(name: "three", note: "m"), Node(name: "four")],
                nested: Node(name: "e")),
        ]
        for view in views + views {
            #expect(plans.html(view) { template.render($0) } == template.render(view))
        }
        #expect(plans.shapes == shapes)
    }

    @Test func pastItsCapacityThePlanUnusedLongestGoes() throws {
        let template = try MustacheTemplate(string: "{{#words}}[{{.}}]{{/words}}")
        let plans = RenderPlans(capacity: 2)
        let views = [["a"], ["b", "c"], ["d", "e", "f"]].map {
            Node(title: "", flag: false, count: 0, words: $0, items: [], nested: nil)
        }
        for view in views + views.reversed() {
            #expect(plans.html(view) { template.render($0) } == template.render(view))
            #expect(plans.shapes <= 2)
        }
        #expect(plans.shapes == 2)
    }

    @Test func aValueMustacheWouldReflectIsRenderedByMustache() throws {
        struct Reflected { var name = "reflected" }
        struct Holder: MustacheParent {
            func child(named name: String) -> Any? { name == "thing" ? Reflected() : nil }
        }
        let template = try MustacheTemplate(string: "{{#thing}}{{name}}{{/thing}}")
        var renders = 0
        let plans = RenderPlans()
        let html = plans.html(Holder()) { view in
            renders += 1
            return template.render(view)
        }
        #expect(html == "reflected")
        #expect(renders == 2)
        #expect(plans.shapes == 0)
    }
}

/// A view for templates written in the test.
private struct Node: MustacheParent {
    var name = ""
    var note: String?
    var title = ""
    var flag = false
    var count = 0
    var words: [String] = []
    var items: [Node] = []
    /// At most one: a struct cannot hold an optional of itself.
    var inner: [Node] = []

    init(name: String, note: String? = nil) {
        self.name = name
        self.note = note
    }

    init(title: String, flag: Bool, count: Int, words: [String], items: [Node], nested: Node?) {
        self.title = title
        self.flag = flag
        self.count = count
        self.words = words
        self.items = items
        inner = nested.map { [$0] } ?? []
    }

    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "note": note
        case "title": title
        case "flag": flag
        case "count": count
        case "words": words
        case "items": items
        case "nested": inner.first
        default: nil
        }
    }
}
