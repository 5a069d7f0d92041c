import RecipeCartDomain
import RecipeCartUpstream
import Synchronization
import Testing

@testable import RecipeCart

@Suite struct PageCacheTests {
    @Test func aCachedBrowsePageCarriesEachShoppersOwnTokenAndCount() async throws {
        try await TestEnvironment().withShopper { alice in
            try await alice.post("/cart/items/bundled-1", [("op", "set"), ("quantity", "4")])
            var bob = Shopper(client: alice.client)
            let first = try await alice.get("/?q=cake")
            let second = try await bob.get("/?q=cake")
            #expect(first.cartCount == 4)
            #expect(second.cartCount == 0)
            #expect(first.recipeIDs == second.recipeIDs)
            #expect(!first.html.contains("\u{1}"))
            #expect(!second.html.contains("\u{1}"))
            try await bob.get("/recipes/bundled-2")
            let token = try #require(bob.csrfToken)
            #expect(!first.html.contains(token))
        }
    }

    @Test func anEditOrACartChangeIsSeenDespiteTheCache() async throws {
        try await EditRouteTests.environment().withShopper { shopper in
            #expect(try await shopper.get("/?category=Dessert").contains("Lemon Olive Oil Cake"))
            try await EditRouteTests.signIn(&shopper)
            try await shopper.postMultipart(
                "/recipes/bundled-1/edit", EditRouteTests.fields(title: "Freshly Renamed Cake"))
            let after = try await shopper.get("/?category=Dessert")
            #expect(after.contains("Freshly Renamed Cake"))
            #expect(!after.contains("Lemon Olive Oil Cake"))

            let posted = try await shopper.post(
                "/cart/items/bundled-2", [("op", "inc"), ("return_to", "/?category=Dessert")])
            let bumped = try await shopper.follow(posted)
            #expect(bumped.cartCount == 1)
            #expect(bumped.contains(#"class="badge badge--bump""#))
            let plain = try await shopper.get("/?category=Dessert")
            #expect(plain.contains(#"<span class="badge" data-cart-count="1""#))
        }
    }

    @Test func aCachedDetailPageIsTheFreshPageWithEachShoppersOwnCartBlock() async throws {
        try await TestEnvironment().withShopper { alice in
            try await alice.post("/cart/items/bundled-33", [("op", "set"), ("quantity", "3")])
            try await alice.post("/cart/items/bundled-33/cooking", [("op", "start")])
            // Shows, and so clears, the message the posts left.
            try await alice.get("/recipes/bundled-33")
            let rendered = try await alice.get("/recipes/bundled-33?servings=2")
            let cached = try await alice.get("/recipes/bundled-33?servings=2")
            #expect(cached.html == rendered.html)
            #expect(cached.contains(#"data-quantity="3""#))
            #expect(cached.contains(#"class="cooking-status""#))
            #expect(!cached.html.contains("\u{1}"))

            var bob = Shopper(client: alice.client)
            let bobs = try await bob.get("/recipes/bundled-33?servings=2")
            #expect(bobs.contains(">Add to cart</button>"))
            #expect(!bobs.contains(#"class="cooking"#))
            #expect(bobs.cartCount == 0)
            let bobsToken = try #require(bob.csrfToken)
            #expect(bobs.contains(#"name="_csrf" value="\#(bobsToken)""#))
            #expect(!cached.contains(bobsToken))
            #expect(!bobs.html.contains("\u{1}"))
        }
    }

    @Test func aKeptCartBlockFollowsTheLineAndTheShoppersTitleAndCarriesTheirOwnToken() async throws {
        try await EditRouteTests.environment().withShopper { alice in
            var bob = Shopper(client: alice.client)
            try await alice.post("/cart/items/bundled-1", [("op", "set"), ("quantity", "2")])
            try await bob.post("/cart/items/bundled-1", [("op", "set"), ("quantity", "2")])
            // Shows, and so clears, the message each post left.
            try await alice.get("/recipes/bundled-1")
            try await bob.get("/recipes/bundled-1")
            let alices = try await alice.get("/recipes/bundled-1")
            let bobs = try await bob.get("/recipes/bundled-1")
            let alicesToken = try #require(alice.csrfToken)
            let bobsToken = try #require(bob.csrfToken)
            #expect(alicesToken != bobsToken)
            #expect(alices.contains(#"data-quantity="2""#))
            #expect(!alices.contains(bobsToken))
            #expect(
                alices.html.replacingOccurrences(of: alicesToken, with: "token")
                    == bobs.html.replacingOccurrences(of: bobsToken, with: "token"))

            try await alice.post("/cart/items/bundled-1", [("op", "inc")])
            try await alice.get("/recipes/bundled-1")
            let more = try await alice.get("/recipes/bundled-1")
            #expect(more.contains(#"data-quantity="3""#))
            #expect(!more.contains(#"data-quantity="2""#))
            #expect(try await bob.get("/recipes/bundled-1").contains(#"data-quantity="2""#))

            try await alice.follow(
                try await alice.postMultipart(
                    "/recipes/bundled-1/edit", EditRouteTests.fields(title: "Alice Zesty Cake")))
            let renamed = try await alice.get("/recipes/bundled-1")
            #expect(renamed.contains(#"aria-label="Add one Alice Zesty Cake to the cart""#))
            let bobsAfter = try await bob.get("/recipes/bundled-1")
            #expect(bobsAfter.contains(#"aria-label="Add one Lemon Olive Oil Cake to the cart""#))
            #expect(!bobsAfter.contains("Alice Zesty Cake"))
        }
    }

    @Test func aShopEditIsSeenOnADetailPageSeenBefore() async throws {
        try await EditRouteTests.environment().withShopper { shopper in
            #expect(try await shopper.get("/recipes/bundled-1").contains("Lemon Olive Oil Cake"))
            try await EditRouteTests.signIn(&shopper)
            try await shopper.postMultipart(
                "/recipes/bundled-1/edit", EditRouteTests.fields(title: "Freshly Renamed Cake"))
            var visitor = Shopper(client: shopper.client)
            let after = try await visitor.get("/recipes/bundled-1")
            #expect(after.contains("Freshly Renamed Cake"))
            #expect(!after.contains("Lemon Olive Oil Cake"))
        }
    }

    @Test func templateSplitsAtPlaceholdersAndFillsThem() {
        let parts = PersonalParts.placeholders
        let template = PageCache.Template(
            html:
                "a\(parts.csrfToken)b\(parts.cartCount)c\(parts.cartCount)\(parts.badgeClass)\(parts.cartCountLabel)d\(parts.statusHTML)"
        )
        #expect(template.pieces == ["a", "b", "c", "", "", "d", ""])
        let filled = template.filled(
            with: PersonalParts(
                csrfToken: "T", cartCount: "3", cartCountLabel: "L", badgeClass: "badge", statusHTML: "<p>S</p>"))
        #expect(filled == "aTb3c3badgeLd<p>S</p>")
    }

    @Test func theCacheIsBoundedAndKeyedByGeneration() async throws {
        let cache = PageCache(capacity: 2)
        let renders = RenderCount()
        func page(_ key: String, generation: Int = 1) async throws {
            _ = try await cache.template(for: key, generation: generation) {
                renders.add()
                return PageCache.Template(html: key)
            }
        }
        for key in ["a", "b", "c", "c"] { try await page(key) }
        #expect(renders.value == 3)
        try await page("a")
        #expect(renders.value == 4)
        try await page("a", generation: 2)
        #expect(renders.value == 5)
    }

    @Test func pastItsBytesTheOldestPagesGoFirst() async throws {
        let cache = PageCache(capacity: 100, byteLimit: 10)
        let renders = RenderCount()
        func page(_ key: String) async throws {
            _ = try await cache.template(for: key, generation: 1) {
                renders.add()
                return PageCache.Template(html: String(repeating: key, count: 4))
            }
        }
        // Four bytes a page: two fit in ten, a third pushes out the first.
        for key in ["a", "b", "c"] { try await page(key) }
        #expect(renders.value == 3)
        for key in ["b", "c"] { try await page(key) }
        #expect(renders.value == 3)
        try await page("a")
        #expect(renders.value == 4)
        // A page larger than the whole bound is served and not kept.
        _ = try await cache.template(for: "big", generation: 1) { PageCache.Template(html: "0123456789ab") }
        let again = try await cache.template(for: "big", generation: 1) { PageCache.Template(html: "made again") }
        #expect(again.pieces == ["made again"])
    }

    @Test func requestsThatMissTogetherShareOneRender() async throws {
        let cache = PageCache()
        let renders = RenderCount()
        // The render finishes only once every request has asked for the page: a count, not a wait on the clock.
        let asked = RenderCount()
        let pages = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    asked.add()
                    return try await cache.template(for: "/?q=cake", generation: 1) {
                        renders.add()
                        while asked.value < 20 { await Task.yield() }
                        return PageCache.Template(html: "cakes")
                    }.filled(with: PersonalParts.placeholders)
                }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(pages == Array(repeating: "cakes", count: 20))
        #expect(renders.value == 1)
    }

    @Test func aFailedRenderIsNotKept() async throws {
        struct Unavailable: Error {}
        let cache = PageCache()
        await #expect(throws: Unavailable.self) {
            try await cache.template(for: "k", generation: 1) { throw Unavailable() }
        }
        let page = try await cache.template(for: "k", generation: 1) { PageCache.Template(html: "back") }
        #expect(page.pieces == ["back"])
    }

    @Test func aPageMadeBeforeTheSearchIndexWasReadyIsServedButNotKept() async throws {
        let cache = PageCache()
        let early = try await cache.template(for: "k", generation: 1) {
            var template = PageCache.Template(html: "from the database")
            template.isKept = false
            return template
        }
        #expect(early.pieces == ["from the database"])
        let later = try await cache.template(for: "k", generation: 1) { PageCache.Template(html: "from the index") }
        #expect(later.pieces == ["from the index"])
        let kept = try await cache.template(for: "k", generation: 1) { PageCache.Template(html: "rendered again") }
        #expect(kept.pieces == ["from the index"])
    }
}

/// How many times a page was rendered, counted from concurrent renders.
private final class RenderCount: Sendable {
    private let count = Mutex(0)

    var value: Int { count.withLock { $0 } }

    func add() {
        count.withLock { $0 += 1 }
    }
}
