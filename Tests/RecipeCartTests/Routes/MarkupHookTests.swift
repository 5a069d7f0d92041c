import Foundation
import RecipeCartDomain
import Testing

@testable import RecipeCart

/// The markup hooks Docs/markup-hooks.md promises to tests and scripts, checked here, once, on every page that has them.
@Suite struct MarkupHookTests {
    /// Every `<form method="post">` on the page, each with whether it carries the CSRF token.
    static func postForms(_ page: Page) -> [(form: String, hasToken: Bool)] {
        let forms = page.allMatches(#"(<form[^>]*method="post"[\s\S]*?</form>)"#)
        return forms.map { form in
            (
                String(form.prefix(120)),
                form.contains(#"name="_csrf" value=""#) && !form.contains(#"name="_csrf" value="""#)
            )
        }
    }

    @Test func everyPageKeepsItsHooks() async throws {
        try await StaffRouteTests.environment().withShopper { shopper in
            try await shopper.post("/cart/items/bundled-33", [("op", "set"), ("quantity", "2")])
            try await shopper.post("/cart/items/bundled-1", [("op", "inc")])
            try await shopper.post("/cart/items/bundled-33/cooking", [("op", "start")])

            let browse = try await shopper.get("/?category=Dessert")
            #expect(!browse.tileIDs.isEmpty && !browse.plainListIDs.isEmpty)
            #expect(browse.cartCount == 3)

            let detail = try await shopper.get("/recipes/bundled-33")
            #expect(detail.contains(#"<article class="recipe" data-recipe-id="bundled-33""#))
            #expect(detail.stepperQuantity == 2)
            #expect(detail.cartCount == 3)

            let cart = try await shopper.get("/cart")
            #expect(cart.cartLines.map(\.0) == ["bundled-33", "bundled-1"])
            #expect(cart.cartLines.map(\.1) == [2, 1])
            #expect(cart.cartCount == 3)

            let edit = try await shopper.get("/recipes/bundled-33/edit")
            let error = try await shopper.get("/recipes/no-such-recipe")
            #expect(error.status == .notFound)

            var staff = Shopper(client: shopper.client)
            try await staff.get("/staff/login")
            try await staff.post("/staff/login", [("token", StaffRouteTests.token)])
            let board = try await staff.get("/staff")
            #expect(Set(board.allMatches(#"<li data-recipe-id="([^"]+)""#)) == ["bundled-33", "bundled-1"])

            for (name, page) in [
                ("detail", detail), ("cart", cart), ("edit", edit), ("error", error), ("board", board),
            ] {
                let forms = Self.postForms(page)
                #expect(!forms.isEmpty || name == "error", "\(name) has no form")
                for form in forms { #expect(form.hasToken, "\(name): \(form.form)") }
            }
        }
    }
}
