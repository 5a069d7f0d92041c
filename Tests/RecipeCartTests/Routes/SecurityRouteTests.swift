import HTTPTypes
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartUpstream
import Testing

@testable import RecipeCart

@Suite struct SecurityRouteTests {
    /// A page view starts no session: a looker gets only their form token's cookie, and their first post the session.
    @Test func sessionCookieIsHttpOnlyLaxAndSigned() async throws {
        try await TestEnvironment().withShopper { shopper in
            let page = try await shopper.get("/")
            #expect(!page.headers[values: .setCookie].contains { $0.hasPrefix("rc_session=") })
            let looker = try #require(page.headers[values: .setCookie].first { $0.hasPrefix("rc_looker=") })
            #expect(looker.contains("HttpOnly") && looker.contains("SameSite=Lax") && looker.contains("Path=/"))
            #expect(!looker.contains("Secure"))
            let posted = try await shopper.post("/cart/clear", [])
            #expect(posted.status == .seeOther)
            let cookie = try #require(posted.headers[values: .setCookie].first { $0.hasPrefix("rc_session=") })
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Lax"))
            #expect(cookie.contains("Path=/"))
            #expect(!cookie.contains("Secure"))
            let value = try #require(shopper.cookies["rc_session"])
            let id = try #require(value.split(separator: ".").first)
            // 16 random bytes in base64url.
            #expect(id.count == 22)
        }
    }

    /// A browser that does not know `SameSite` (Debian's lynx) reads every attribute after it as its own cookie's:
    /// `Path` must come before it in every answer, whatever order Hummingbird's `Cookie` would write.
    @Test func everyCookieWritesItsAttributesInOneOrderSameSiteLast() async throws {
        try await TestEnvironment().withShopper { shopper in
            var cookies: [String] = []
            for _ in 0..<4 {
                shopper.cookies = [:]
                cookies += try await shopper.get("/").headers[values: .setCookie]
            }
            let posted = try await shopper.post("/cart/items/bundled-1", [("op", "inc")])
            cookies += posted.headers[values: .setCookie]
            #expect(cookies.count >= 6)
            for cookie in cookies {
                let attributes = cookie.split(separator: "; ").dropFirst().map(String.init)
                #expect(attributes.first == "Path=/", "\(cookie)")
                #expect(attributes.last?.hasPrefix("SameSite=") == true, "\(cookie)")
                #expect(attributes.dropFirst().first?.hasPrefix("Max-Age=") == true, "\(cookie)")
            }
        }
    }

    @Test func aGetNeverWritesToTheDatabase() async throws {
        let environment = try TestEnvironment()
        try await environment.withShopper { shopper in
            for path in ["/", "/recipes/bundled-1", "/cart", "/?q=cake"] { try await shopper.get(path) }
        }
        let sessions = try await environment.database().read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sessions")
        }
        #expect(sessions == 0)
    }

    @Test func theDatabaseKeepsOnlyAHashOfTheSession() async throws {
        let environment = try TestEnvironment()
        let cookie = try await environment.withShopper { shopper in
            try await shopper.post("/cart/items/bundled-1", [("op", "inc")])
            return shopper.cookies["rc_session"] ?? ""
        }
        let id = String(cookie.split(separator: ".")[0])
        let stored = try await environment.database().read { db in
            try String.fetchAll(db, sql: "SELECT id_hash FROM sessions")
        }
        #expect(stored == [SessionKey(sessionID: id).hash])
        #expect(!stored.contains { $0.contains(id) })
    }

    @Test(arguments: ["missing", "wrong", "otherSession"])
    func postWithoutThisSessionsTokenIs403AndChangesNothing(_ variant: String) async throws {
        try await TestEnvironment().withShopper { shopper in
            let fields: [(String, String)]
            switch variant {
            case "missing": fields = [("op", "inc")]
            case "wrong": fields = [("_csrf", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"), ("op", "inc")]
            default:
                var other = Shopper(client: shopper.client)
                try await other.get("/")
                fields = [("_csrf", other.csrfToken ?? ""), ("op", "inc")]
            }
            try await shopper.get("/")
            let page = try await shopper.post("/cart/items/bundled-1", fields, withToken: false)
            #expect(page.status == .forbidden)
            #expect(page.contains("reload the page and try again"))
            #expect(try await shopper.get("/cart").cartLines.isEmpty)
        }
    }

    /// A looker's first post needs the token of their own page beside their own cookie, and then starts the session
    /// whose signed token every later form carries. Page views start nothing: no session cookie, no stored row.
    @Test func aLookersFirstPostNeedsTheirOwnTokenAndCookieThenStartsTheSession() async throws {
        let environment = try TestEnvironment()
        try await environment.withShopper { shopper in
            var other = Shopper(client: shopper.client)
            try await other.get("/recipes/bundled-1")
            let page = try await shopper.get("/recipes/bundled-1")
            let token = try #require(page.csrfToken)
            #expect(shopper.cookies["rc_looker"] == token && shopper.cookies["rc_session"] == nil)
            // A looker who kept their token is given no other.
            let again = try await shopper.get("/recipes/bundled-2")
            #expect(again.csrfToken == token)
            #expect(again.headers[values: .setCookie].isEmpty)

            var cookieless = Shopper(client: shopper.client)
            #expect(
                try await cookieless.post("/cart/items/bundled-1", [("_csrf", token), ("op", "inc")]).status
                    == .forbidden)
            var stranger = Shopper(client: shopper.client)
            stranger.cookies["rc_looker"] = other.cookies["rc_looker"]
            #expect(
                try await stranger.post("/cart/items/bundled-1", [("_csrf", token), ("op", "inc")]).status == .forbidden
            )
            #expect(try await shopper.get("/cart").cartLines.isEmpty)
            let sessions = try await environment.database().read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sessions") ?? -1
            }
            #expect(sessions == 0)

            let added = try await shopper.post("/cart/items/bundled-1", [("_csrf", token), ("op", "inc")])
            #expect(added.status == .seeOther)
            #expect(shopper.cookies["rc_session"] != nil)
            #expect(try await shopper.get("/cart").cartLines.map(\.0) == ["bundled-1"])
            let sessionToken = try #require(shopper.csrfToken)
            #expect(sessionToken != token)
            #expect(
                try await shopper.post("/cart/items/bundled-1", [("_csrf", token), ("op", "inc")]).status == .forbidden)
            #expect(try await shopper.post("/cart/items/bundled-1", [("op", "inc")]).status == .seeOther)
            #expect(try await shopper.get("/cart").cartLines.first?.1 == 2)
        }
    }

    @Test func crossSitePostsAre403() async throws {
        try await TestEnvironment().withShopper { shopper in
            try await shopper.get("/")
            let byOrigin = try await shopper.post(
                "/cart/items/bundled-1", [("op", "inc")], headers: [.origin: "https://evil.example"])
            #expect(byOrigin.status == .forbidden)
            let byFetchSite = try await shopper.post(
                "/cart/items/bundled-1", [("op", "inc")], headers: [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"])
            #expect(byFetchSite.status == .forbidden)
            let clear = try await shopper.post("/cart/clear", [], headers: [.origin: "null"])
            #expect(clear.status == .forbidden)
            #expect(try await shopper.get("/cart").cartLines.isEmpty)

            let sameOrigin = try await shopper.post(
                "/cart/items/bundled-1", [("op", "inc")],
                headers: [.origin: "http://localhost", HTTPField.Name("Sec-Fetch-Site")!: "same-origin"])
            #expect(sameOrigin.status == .seeOther)
        }
    }

    @Test func aPlantedOrForgedSessionCookieGetsAFreshSession() async throws {
        try await TestEnvironment().withShopper { shopper in
            for forged in [
                "AAAAAAAAAAAAAAAAAAAAAA", "AAAAAAAAAAAAAAAAAAAAAA.forged", "../../etc", "%00",
                String(repeating: "x", count: 4000),
            ] {
                var visitor = Shopper(client: shopper.client)
                visitor.cookies["rc_session"] = forged
                let page = try await visitor.get("/")
                #expect(page.status == .ok)
                #expect(visitor.cookies["rc_session"] != forged)
                #expect(page.headers[values: .setCookie].contains { $0.hasPrefix("rc_session=") })
            }
        }
    }

    @Test func anotherShoppersCartIsNeverShown() async throws {
        try await TestEnvironment().withShopper { shopper in
            try await shopper.post("/cart/items/bundled-1", [("op", "set"), ("quantity", "4")])
            var other = Shopper(client: shopper.client)
            let cart = try await other.get("/cart")
            #expect(cart.cartLines.isEmpty)
            #expect(cart.cartCount == 0)
        }
    }

    @Test(arguments: ["/", "/recipes/bundled-1", "/cart", "/recipes/missing-1", "/static/app.css", "/nowhere"])
    func securityHeadersOnEveryResponse(_ path: String) async throws {
        try await TestEnvironment().withShopper { shopper in
            let page = try await shopper.get(path)
            let csp = try #require(page.headers[.contentSecurityPolicy])
            #expect(csp.contains("default-src 'self'"))
            #expect(csp.contains("frame-ancestors 'none'"))
            #expect(!csp.contains("unsafe-inline"))
            #expect(page.headers[.xContentTypeOptions] == "nosniff")
            #expect(page.headers[HTTPField.Name("Referrer-Policy")!] == "same-origin")
        }
    }

    @Test func wrongMethodIs405WithAllow() async throws {
        try await TestEnvironment().withShopper { shopper in
            let delete = try await shopper.send("/cart", method: .delete, body: nil)
            #expect(delete.status == .methodNotAllowed)
            #expect(delete.headers[.allow] == "GET, HEAD")
            #expect(delete.contains("doesn’t accept that kind of request"))
            let get = try await shopper.get("/cart/items/bundled-1")
            #expect(get.status == .methodNotAllowed)
            #expect(get.headers[.allow] == "POST")
        }
    }

    @Test func unknownPathIsAnHTMLPageNotFound() async throws {
        try await TestEnvironment().withShopper { shopper in
            let page = try await shopper.get("/definitely/not/here")
            #expect(page.status == .notFound)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(page.contains("There is no page at this address."))
        }
    }

    @Test func healthzAnswersWhenTheDatabaseDoes() async throws {
        try await TestEnvironment().withShopper { shopper in
            let page = try await shopper.get("/healthz")
            #expect(page.status == .ok)
            #expect(page.html == #"{"status":"ok"}"#)
        }
    }
}
