import Foundation
import HTTPTypes
import RecipeCartDomain
import RecipeCartStorage
import Testing

@testable import RecipeCart

/// A shopper's edit is their own version: on their detail page, cart and shopping list only.
@Suite struct PersonalEditRouteTests {
    @Test func aShoppersVersionShowsOnlyOnTheirOwnPages() async throws {
        try await EditRouteTests.environment().withShopper { alice in
            try await alice.post("/cart/items/bundled-1", [("op", "inc")])
            let saved = try await alice.postMultipart(
                "/recipes/bundled-1/edit",
                EditRouteTests.fields(
                    title: "Alice Zesty Cake", description: "Only mine.", version: "0",
                    steps: [("step", "Zest first.")], action: "save"))
            #expect(saved.status == .seeOther)
            #expect(saved.location == "/recipes/bundled-1")
            let detail = try await alice.follow(saved)
            #expect(
                detail.contains(#"<div class="status-message" role="status" data-status-message><p>Saved your version"#)
            )
            #expect(detail.contains(#"<article class="recipe" data-recipe-id="bundled-1" data-personal-copy>"#))
            #expect(detail.contains(#"<span class="edited-mark edited-mark--personal">Your version</span>"#))
            #expect(detail.contains(#"<h1 class="recipe-title">Alice Zesty Cake</h1>"#))
            #expect(detail.contains("Only mine."))
            #expect(detail.contains("<li>Zest first.</li>"))
            #expect(detail.contains(#">Edit your version</a>"#))
            #expect(detail.contains(#"<input type="hidden" name="copy" value="personal">"#))
            #expect(detail.contains("Back to the shop’s version"))
            #expect(!detail.contains("Edited here"))
            let form = try await alice.get("/recipes/bundled-1/edit")
            #expect(form.contains(#"value="Alice Zesty Cake""#))
            #expect(form.contains(#"<h1 id="edit-heading" class="page-title">Edit your version</h1>"#))
            let cart = try await alice.get("/cart")
            #expect(cart.contains(#"<span class="cart-line-title">Alice Zesty Cake</span>"#))
            #expect(cart.contains("for Alice Zesty Cake"))

            // Browse and search are the shop's, for Alice too.
            #expect(try await alice.get("/?q=zesty").searchResultIDs.isEmpty)
            #expect(try await alice.get("/?q=olive%20cake").recipeIDs == ["bundled-1"])
            let browse = try await alice.get("/?category=Dessert")
            #expect(browse.contains("Lemon Olive Oil Cake"))
            #expect(!browse.contains("Alice Zesty Cake"))

            var bob = Shopper(client: alice.client)
            try await bob.post("/cart/items/bundled-1", [("op", "inc")])
            let theirs = try await bob.get("/recipes/bundled-1")
            #expect(theirs.contains(#"<h1 class="recipe-title">Lemon Olive Oil Cake</h1>"#))
            #expect(!theirs.contains("Alice Zesty Cake"))
            #expect(!theirs.contains("data-personal-copy"))
            #expect(!theirs.contains("Your version"))
            #expect(theirs.contains("Make your own version"))
            #expect(!(try await bob.get("/cart").contains("Alice Zesty Cake")))
            #expect(try await bob.get("/?q=zesty").searchResultIDs.isEmpty)

            var staff = Shopper(client: alice.client)
            try await EditRouteTests.signIn(&staff)
            let board = try await staff.get("/staff")
            #expect(board.contains("Lemon Olive Oil Cake"))
            #expect(!board.contains("Alice Zesty Cake"))
            let shopCopy = try await staff.get("/recipes/bundled-1")
            #expect(shopCopy.contains(#"<h1 class="recipe-title">Lemon Olive Oil Cake</h1>"#))
            #expect(!shopCopy.contains("Your version"))
        }
    }

    /// A detail page remembers which recipes each session has stored anything for: what a shopper stores after
    /// opening a page must still show on it. Each step uses a recipe the session had stored nothing for.
    @Test func aPageSeenBeforeShowsTheLineVersionAndUndoStoredAfter() async throws {
        try await EditRouteTests.environment().withShopper { alice in
            try await alice.post("/cart/items/bundled-2", [("op", "inc")])
            try await alice.get("/recipes/bundled-2")
            #expect(try await alice.get("/recipes/bundled-1").contains(">Add to cart</button>"))
            try await alice.post("/cart/items/bundled-1", [("op", "set"), ("quantity", "5")])
            try await alice.get("/recipes/bundled-1")
            let inCart = try await alice.get("/recipes/bundled-1")
            #expect(inCart.contains(#"data-quantity="5""#))
            #expect(!inCart.contains(">Add to cart</button>"))

            #expect(
                try await alice.get("/recipes/bundled-3").contains(
                    #"<h1 class="recipe-title">Grandma&#39;s Apple Crumble</h1>"#))
            try await alice.follow(
                try await alice.postMultipart(
                    "/recipes/bundled-3/edit", EditRouteTests.fields(title: "Alice Zesty Crumble")))
            #expect(
                try await alice.get("/recipes/bundled-3").contains(
                    #"<h1 class="recipe-title">Alice Zesty Crumble</h1>"#))
            let reverted = try await alice.follow(try await alice.post("/recipes/bundled-3/revert", []))
            let token = try #require(EditUndoRouteTests.undoToken(reverted))
            let reloaded = try await alice.get("/recipes/bundled-3")
            #expect(reloaded.contains(EditUndoRouteTests.undoButton))
            #expect(!reloaded.contains("Alice Zesty Crumble"))
            try await alice.follow(try await alice.post("/recipes/bundled-3/undo", [("undo", token)]))
            let undone = try await alice.get("/recipes/bundled-3")
            #expect(undone.contains(#"<h1 class="recipe-title">Alice Zesty Crumble</h1>"#))
            #expect(!undone.contains(EditUndoRouteTests.undoButton))

            // Removed, seen as not in the cart, then put back by Undo.
            let removed = try await alice.follow(
                try await alice.post("/cart/items/bundled-1", [("op", "set"), ("quantity", "0")]))
            let cartToken = try #require(removed.firstMatch(#"name="undo" value="([^"]+)""#))
            #expect(try await alice.get("/recipes/bundled-1").contains(">Add to cart</button>"))
            try await alice.follow(try await alice.post("/cart/undo", [("undo", cartToken)]))
            try await alice.get("/recipes/bundled-1")
            #expect(try await alice.get("/recipes/bundled-1").contains(#"data-quantity="5""#))
        }
    }

    @Test func goingBackToTheShopsVersionDropsOnlyYours() async throws {
        try await EditRouteTests.environment().withShopper { alice in
            var staff = Shopper(client: alice.client)
            try await EditRouteTests.signIn(&staff)
            try await staff.postMultipart("/recipes/bundled-1/edit", EditRouteTests.fields(title: "Shop Lemon Cake"))
            var bob = Shopper(client: alice.client)
            try await bob.follow(
                try await bob.postMultipart("/recipes/bundled-1/edit", EditRouteTests.fields(title: "Bob Cake")))
            try await alice.follow(
                try await alice.postMultipart("/recipes/bundled-1/edit", EditRouteTests.fields(title: "Alice Cake")))

            let reverted = try await alice.post("/recipes/bundled-1/revert", [("copy", "personal")])
            #expect(reverted.status == .seeOther)
            let detail = try await alice.follow(reverted)
            #expect(detail.contains(#"<h1 class="recipe-title">Shop Lemon Cake</h1>"#))
            #expect(detail.contains("Edited here"))
            #expect(!detail.contains("data-personal-copy"))
            #expect(detail.contains("Make your own version"))
            #expect(try await bob.get("/recipes/bundled-1").contains("Bob Cake"))
            #expect(try await staff.get("/recipes/bundled-1").contains("Shop Lemon Cake"))
        }
    }

    @Test func aShopperCannotReachTheShopsCopyByNamingIt() async throws {
        try await EditRouteTests.environment().withShopper { shopper in
            var staff = Shopper(client: shopper.client)
            try await EditRouteTests.signIn(&staff)
            try await staff.postMultipart("/recipes/bundled-1/edit", EditRouteTests.fields(title: "Shop Lemon Cake"))

            let forged = try await shopper.postMultipart(
                "/recipes/bundled-1/edit", EditRouteTests.fields(title: "Hijacked Cake") + [("copy", "shop")])
            #expect(forged.status == .conflict)
            #expect(forged.contains("Nothing was saved"))
            #expect(forged.contains(#"name="copy" value="personal""#))
            #expect(forged.contains(#"value="Hijacked Cake""#))
            let revert = try await shopper.post("/recipes/bundled-1/revert", [("copy", "shop")])
            #expect(revert.status == .forbidden)
            #expect(revert.contains("Only signed-in staff can change the shop’s recipe."))
            for browser in [staff, shopper, Shopper(client: shopper.client)] {
                var browser = browser
                let detail = try await browser.get("/recipes/bundled-1")
                #expect(detail.contains(#"<h1 class="recipe-title">Shop Lemon Cake</h1>"#))
                #expect(!detail.contains("Hijacked Cake"))
            }
            #expect(try await shopper.get("/?q=hijacked").recipeIDs.isEmpty)
        }
    }

    @Test func aFormOpenedAsStaffSavesNothingOnceTheSignInEnded() async throws {
        try await EditRouteTests.environment().withShopper { staff in
            try await EditRouteTests.signIn(&staff)
            let form = try await staff.get("/recipes/bundled-1/edit")
            #expect(form.contains(#"name="copy" value="shop""#))
            try await staff.post("/staff/logout", [])
            let late = try await staff.postMultipart(
                "/recipes/bundled-1/edit", EditRouteTests.fields(title: "Late Cake") + [("copy", "shop")])
            #expect(late.status == .conflict)
            #expect(late.contains("your staff sign-in ended"))
            #expect(late.contains(#"name="copy" value="personal""#))
            #expect(late.contains(#"value="Late Cake""#))
            var other = Shopper(client: staff.client)
            #expect(!(try await other.get("/recipes/bundled-1").contains("Late Cake")))
            #expect(!(try await staff.get("/recipes/bundled-1").contains("Late Cake")))
        }
    }

    @Test func staffSeeTheShopsCopyEvenWithAVersionOfTheirOwn() async throws {
        try await EditRouteTests.environment().withShopper { browser in
            try await browser.follow(
                try await browser.postMultipart(
                    "/recipes/bundled-1/edit", EditRouteTests.fields(title: "Before Sign-in Cake")))
            try await EditRouteTests.signIn(&browser)
            let detail = try await browser.get("/recipes/bundled-1")
            #expect(detail.contains(#"<h1 class="recipe-title">Lemon Olive Oil Cake</h1>"#))
            #expect(detail.contains("Edit this recipe"))
            #expect(!detail.contains("data-personal-copy"))
        }
    }

    @Test func theFirstVersionGetsAFreshSessionSoAPlantedCookieSeesNothing() async throws {
        try await EditRouteTests.environment().withShopper { shopper in
            // A session cookie comes with a first post.
            try await shopper.post("/cart/clear", [])
            let planted = try #require(shopper.cookies["rc_session"])
            let saved = try await shopper.postMultipart(
                "/recipes/bundled-1/edit", EditRouteTests.fields(title: "Private Cake"))
            #expect(saved.status == .seeOther)
            let rotated = try #require(shopper.cookies["rc_session"])
            #expect(rotated != planted)
            #expect(try await shopper.follow(saved).contains("Private Cake"))
            var attacker = Shopper(client: shopper.client)
            attacker.cookies["rc_session"] = planted
            #expect(!(try await attacker.get("/recipes/bundled-1").contains("Private Cake")))
        }
    }

    @Test func versionsGoWithTheirSession() async throws {
        let environment = try EditRouteTests.environment()
        try await environment.withShopper { shopper in
            try await shopper.follow(
                try await shopper.postMultipart(
                    "/recipes/bundled-1/edit", EditRouteTests.fields(title: "Fleeting Cake")))
            let purged = try await SQLCartStore(
                sqlite: try environment.database(), clock: .fixed(Date().addingTimeInterval(60))
            )
            .purgeSessions(idleLongerThan: 0)
            #expect(purged == 1)
            #expect(!(try await shopper.get("/recipes/bundled-1").contains("Fleeting Cake")))
        }
    }
}
