import Foundation
import HTTPTypes
import RecipeCartDomain
import RecipeCartStorage
import Testing

@testable import RecipeCart
@testable import RecipeCartServices

@Suite struct StaffRouteTests {
    static let token = "correct-horse-battery-staple"

    static func environment() throws -> TestEnvironment {
        var environment = try TestEnvironment()
        environment.staffToken = token
        return environment
    }

    @Test func withoutSigningInStaffPagesAre401WithASignInForm() async throws {
        try await Self.environment().withShopper { shopper in
            try await shopper.post("/cart/items/bundled-1", [("op", "inc")])
            for path in ["/staff", "/staff/carts/ABCDEF"] {
                let page = try await shopper.get(path)
                #expect(page.status == .unauthorized, "\(path)")
                #expect(page.contains("Staff sign-in"))
                #expect(page.contains(#"name="token" type="password""#))
                #expect(!page.contains("Lemon Olive Oil Cake"))
            }
        }
    }

    @Test func aShoppersCookieNeverReachesTheBoard() async throws {
        try await Self.environment().withShopper { shopper in
            try await shopper.post("/cart/items/bundled-1", [("op", "inc")])
            var forged = shopper
            forged.cookies["rc_staff"] = shopper.cookies["rc_session"]
            #expect(try await forged.get("/staff").status == .unauthorized)
            forged.cookies["rc_staff"] = "99999999999.AAAA"
            #expect(try await forged.get("/staff").status == .unauthorized)
        }
    }

    @Test func signInShowsEveryCartAndThePickListThenSignOut() async throws {
        try await Self.environment().withShopper { staff in
            var alice = Shopper(client: staff.client)
            try await alice.post("/cart/items/bundled-33", [("op", "set"), ("quantity", "2")])
            var bob = Shopper(client: staff.client)
            try await bob.post("/cart/items/bundled-33", [("op", "inc")])
            try await bob.post("/cart/items/bundled-27", [("op", "inc")])
            var carol = Shopper(client: staff.client)
            try await carol.get("/")

            try await staff.get("/staff/login")
            let signedIn = try await staff.post("/staff/login", [("token", Self.token)])
            #expect(signedIn.status == .seeOther)
            #expect(signedIn.location == "/staff")
            let cookie = try #require(signedIn.headers[values: .setCookie].first { $0.hasPrefix("rc_staff=") })
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Strict"))
            #expect(cookie.contains("Max-Age=43200"))

            let board = try await staff.get("/staff")
            #expect(board.status == .ok)
            #expect(board.contains(#"<meta http-equiv="refresh" content="10">"#))
            let labels = board.allMatches(#"data-cart-label="([A-Z2-9]{6})""#)
            #expect(labels.count == 2)
            #expect(board.contains("2 carts"))
            #expect(board.contains("just now"))
            #expect(board.contains("Classic Spaghetti Carbonara"))
            #expect(board.contains("Garlic Butter Prawns"))
            // Pick list: spaghetti from three carbonaras (2 + 1) at 200g each, merged.
            #expect(
                board.contains(#"<span class="staff-amount">600 g</span> <span class="staff-item">spaghetti</span>"#))
            #expect(board.contains("for Classic Spaghetti Carbonara"))
            for shopper in [alice, bob] {
                let cookie = try #require(shopper.cookies["rc_session"])
                #expect(!board.contains(cookie))
                #expect(!board.contains(String(cookie.split(separator: ".")[0])))
                #expect(!board.contains(SessionKey(sessionID: String(cookie.split(separator: ".")[0])).hash))
            }

            let one = try await staff.get("/staff/carts/\(labels[0])")
            #expect(one.status == .ok)
            #expect(one.allMatches(#"data-cart-label="([A-Z2-9]{6})""#) == [labels[0]])
            #expect(try await staff.get("/staff/carts/ZZZZZZ").status == .notFound)

            let out = try await staff.post("/staff/logout", [])
            #expect(out.status == .seeOther)
            #expect(try await staff.get("/staff").status == .unauthorized)
        }
    }

    @Test func aWrongTokenIs401AndFiveInAMinuteLockTheAddressOut() async throws {
        try await Self.environment().withShopper { staff in
            try await staff.get("/staff/login")
            for _ in 0..<5 {
                let wrong = try await staff.post("/staff/login", [("token", "guess")])
                #expect(wrong.status == .unauthorized)
                #expect(wrong.contains("That token is not right."))
            }
            let locked = try await staff.post("/staff/login", [("token", Self.token)])
            #expect(locked.status == .tooManyRequests)
            #expect(Int(locked.headers[.retryAfter] ?? "") != nil)
            #expect(try await staff.get("/staff").status == .unauthorized)
        }
    }

    @Test func loginNeedsTheFormToken() async throws {
        try await Self.environment().withShopper { staff in
            let page = try await staff.post("/staff/login", [("token", Self.token)], withToken: false)
            #expect(page.status == .forbidden)
        }
    }

    @Test func theThrottleForgetsAfterAMinute() async {
        let throttle = InMemorySignInThrottle()
        let start = Date()
        for second in 0..<5 { await throttle.recordFailure(for: "a", now: start + Double(second)) }
        #expect(await throttle.retryAfter(for: "a", now: start + 5) == 55)
        #expect(await throttle.retryAfter(for: "b", now: start + 5) == nil)
        #expect(await throttle.retryAfter(for: "a", now: start + 61) == nil)
    }

    @Test func idleSessionsArePurgedWithTheirCarts() async throws {
        let database = try TestEnvironment().database()
        try await BundledCatalog.load().install(into: SQLCatalogStore(sqlite: database))
        let carts = SQLCartStore(sqlite: database)
        let old = SessionKey(sessionID: "old")
        let fresh = SessionKey(sessionID: "fresh")
        try await carts.apply(.increment, recipe: RecipeID("bundled-1")!, session: old)
        try await carts.apply(.increment, recipe: RecipeID("bundled-1")!, session: fresh)
        try await database.write { db in
            try db.execute(
                sql: "UPDATE sessions SET last_seen_at = datetime('now', '-31 days') WHERE id_hash = ?",
                arguments: [old.hash])
        }
        #expect(try await carts.purgeSessions(idleLongerThan: SessionPurger.idleLimit) == 1)
        #expect(try await carts.itemCount(session: old) == 0)
        #expect(try await carts.itemCount(session: fresh) == 1)
        #expect(try await carts.activeCarts().count == 1)
    }
}
