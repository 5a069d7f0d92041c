import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import RecipeCart

/// A server with no room for more pages refuses them at once with a 503 and `Retry-After`, and still takes posts,
/// files and its health check.
@Suite struct LoadSheddingRouteTests {
    @Test func aFullServerRefusesPagesQuicklyAndStillTakesPosts() async throws {
        var environment = try TestEnvironment()
        // A shopper who put a recipe in the cart on the same data dir, while there was room.
        let shopper = try await environment.withShopper { shopper in
            try await shopper.post("/cart/items/bundled-1", [("op", "inc")])
            _ = try await shopper.get("/recipes/bundled-1")
            return shopper
        }
        environment.requestLimits = .init(pages: 0, posts: 8)
        let app = try await environment.makeApp()
        try await app.test(.live) { client in
            var returning = Shopper(client: client)
            returning.cookies = shopper.cookies
            returning.csrfToken = shopper.csrfToken

            let refused = try await returning.get("/cart")
            #expect(refused.status == .serviceUnavailable)
            #expect(refused.headers[.retryAfter] == "1")
            #expect(refused.headers[.cacheControl] == "no-store")
            #expect(refused.headers[.contentSecurityPolicy]?.contains("default-src 'self'") == true)
            #expect(refused.contains("Please try again in a moment"))

            let post = try await returning.post("/cart/items/bundled-1", [("op", "inc")])
            #expect(post.status == .seeOther)
            #expect(post.location?.hasPrefix("/recipes/bundled-1") == true)
            #expect(try await returning.get("/healthz").status == .ok)
            #expect(try await returning.get("/static/icon.svg").status == .ok)
        }
    }
}
