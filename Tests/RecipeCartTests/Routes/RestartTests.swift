import Testing

@testable import RecipeCart

@Suite struct RestartTests {
    @Test func theCartSurvivesARestartOnTheSameDataDir() async throws {
        let environment = try TestEnvironment()
        let cookies = try await environment.withShopper { shopper in
            try await shopper.post("/cart/items/bundled-10", [("op", "set"), ("quantity", "3")])
            try await shopper.post("/cart/items/bundled-20", [("op", "inc")])
            return shopper.cookies
        }
        try await environment.withShopper { shopper in
            shopper.cookies = cookies
            let cart = try await shopper.get("/cart")
            #expect(cart.cartLines.map(\.0) == ["bundled-10", "bundled-20"])
            #expect(cart.cartLines.map(\.1) == [3, 1])
            #expect(cart.cartCount == 4)
            // The CSRF token stays valid across the restart, because the server key is kept in the data dir.
            let page = try await shopper.post("/cart/items/bundled-10", [("op", "inc")])
            #expect(page.status == .seeOther)
        }
    }
}
