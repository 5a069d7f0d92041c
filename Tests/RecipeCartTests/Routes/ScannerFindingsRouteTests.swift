import Foundation
import HTTPTypes
import NIOCore
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartUpstream
import Testing

@testable import RecipeCart

/// What outside scanners found, held shut at the router; the same over real sockets is in Tests/reliability.
@Suite struct ScannerFindingsRouteTests {
    static let token = StaffRouteTests.token

    static func staffEnvironment() throws -> TestEnvironment { try StaffRouteTests.environment() }

    @Test func signingOutEndsTheStaffSessionOnTheServer() async throws {
        try await Self.staffEnvironment().withShopper { staff in
            try await staff.get("/staff/login")
            let signedIn = try await staff.post("/staff/login", [("token", Self.token)])
            #expect(signedIn.status == .seeOther)
            let cookie = try #require(staff.cookies["rc_staff"])
            #expect(try await staff.get("/staff").status == .ok)
            #expect(try await staff.post("/staff/logout", []).status == .seeOther)

            var replay = Shopper(client: staff.client)
            replay.cookies = staff.cookies
            replay.cookies["rc_staff"] = cookie
            let page = try await replay.get("/staff")
            #expect(page.status == .unauthorized)
            #expect(page.contains("Staff sign-in"))
        }
    }

    @Test func everyStaff401CarriesAChallenge() async throws {
        try await Self.staffEnvironment().withShopper { shopper in
            try await shopper.get("/staff/login")
            for page in [
                try await shopper.get("/staff"), try await shopper.get("/staff/carts/ABCDEF"),
                try await shopper.post("/staff/login", [("token", "wrong")]),
            ] {
                #expect(page.status == .unauthorized)
                #expect(page.headers[.wwwAuthenticate] == #"StaffToken realm="RecipeCart staff", form="/staff/login""#)
            }
        }
    }

    @Test func theSignInPageNeverTakesTheTokenFromTheAddress() async throws {
        try await Self.staffEnvironment().withShopper { staff in
            let page = try await staff.get("/staff/login?token=\(Self.token)")
            #expect(page.status == .ok)
            #expect(!page.contains(Self.token))
            #expect(page.contains("<title>Staff sign-in · RecipeCart staff</title>"))
        }
    }

    @Test func aFirstCartRowRotatesTheSessionAndKeepsTheCart() async throws {
        try await TestEnvironment().withShopper { victim in
            var attacker = Shopper(client: victim.client)
            // A session cookie comes with a first post.
            try await attacker.post("/cart/clear", [])
            let planted = try #require(attacker.cookies["rc_session"])
            victim.cookies["rc_session"] = planted
            try await victim.get("/recipes/bundled-1")
            let added = try await victim.post("/cart/items/bundled-1", [("op", "inc")])
            #expect(added.status == .seeOther)
            let rotated = try #require(victim.cookies["rc_session"])
            #expect(rotated != planted)
            #expect(try await victim.get("/cart").cartLines.map(\.0) == ["bundled-1"])
            #expect(try await attacker.get("/cart").cartLines.isEmpty)

            // Once the session holds a cart, later posts keep it.
            try await victim.post("/cart/items/bundled-33", [("op", "inc")])
            #expect(victim.cookies["rc_session"] == rotated)
            #expect(try await victim.get("/cart").cartLines.map(\.0) == ["bundled-1", "bundled-33"])
        }
    }

    @Test func aCartStartingAgainFromEmptyMovesToAFreshIdWithWhatTheSessionKept() async throws {
        try await EditRouteTests.environment().withShopper { attacker in
            try await attacker.post("/cart/items/bundled-5", [("op", "inc")])
            try await attacker.post("/cart/items/bundled-5", [("op", "dec")])
            var victim = Shopper(client: attacker.client)
            victim.cookies["rc_session"] = attacker.cookies["rc_session"]
            try await victim.postMultipart("/recipes/bundled-1/edit", EditRouteTests.fields(title: "Victim's Own Cake"))
            let planted = try #require(victim.cookies["rc_session"])
            try await victim.get("/recipes/bundled-1")
            try await victim.post("/cart/items/bundled-1", [("op", "inc")])
            #expect(victim.cookies["rc_session"] != planted)
            let cart = try await victim.get("/cart")
            #expect(cart.cartLines.map(\.0) == ["bundled-1"])
            #expect(cart.contains("Victim&#39;s Own Cake") || cart.contains("Victim's Own Cake"))
            attacker.cookies["rc_session"] = planted
            #expect(try await attacker.get("/cart").cartLines.isEmpty)
            #expect(!(try await attacker.get("/recipes/bundled-1").contains("Victim")))
        }
    }

    @Test func methodsNoRouteTakesAre405WithAllow() async throws {
        try await TestEnvironment().withShopper { shopper in
            for (method, path, allow) in [
                ("TRACE", "/", "GET, HEAD"), ("PROPFIND", "/static/app.css", "GET, HEAD"),
                ("PROPFIND", "/cart/clear", "POST"),
                ("TRACE", "/no/such/page", "GET, HEAD"),
            ] {
                let page = try await shopper.send(path, method: HTTPRequest.Method(method)!, body: nil)
                #expect(page.status == .methodNotAllowed, "\(method) \(path)")
                #expect(page.headers[.allow] == allow, "\(method) \(path)")
            }
            #expect(try await shopper.send("/no/such/page", method: .put, body: nil).status == .notFound)
        }
    }

    @Test func withSecureCookiesEveryCookieIsHostPrefixed() async throws {
        var environment = try Self.staffEnvironment()
        environment.secureCookies = true
        try await environment.withShopper { shopper in
            let page = try await shopper.get("/recipes/bundled-1")
            let looker = try #require(page.headers[values: .setCookie].first)
            #expect(looker.hasPrefix("__Host-rc_looker="))
            let token = try #require(page.csrfToken)
            let added = try await shopper.post("/cart/items/bundled-1", [("_csrf", token), ("op", "inc")])
            #expect(added.status == .seeOther)
            let cookie = try #require(added.headers[values: .setCookie].first { $0.hasPrefix("__Host-rc_session=") })
            for cookie in [looker, cookie] {
                #expect(cookie.contains("Secure"))
                #expect(cookie.contains("Path=/"))
                #expect(!cookie.lowercased().contains("domain="))
            }
            #expect(added.headers[values: .setCookie].allSatisfy { $0.hasPrefix("__Host-") && $0.contains("Secure") })
            try await shopper.get("/staff/login")
            let staff = try await shopper.post("/staff/login", [("token", Self.token)])
            let staffCookie = try #require(staff.headers[values: .setCookie].first { $0.hasPrefix("__Host-rc_staff=") })
            #expect(staffCookie.contains("Path=/"))
            #expect(staffCookie.contains("SameSite=Strict"))
            #expect(try await shopper.get("/staff").status == .ok)
        }
    }

    @Test func aStaffSessionDiesWithItsToken() async throws {
        let environment = try Self.staffEnvironment()
        let cookies = try await environment.withShopper { staff in
            try await staff.get("/staff/login")
            try await staff.post("/staff/login", [("token", Self.token)])
            return staff.cookies
        }
        var changed = environment
        changed.staffToken = "another-token-for-the-shop"
        let afterChange = try await changed.withShopper { staff in
            staff.cookies = cookies
            return try await staff.get("/staff").status
        }
        #expect(afterChange == .unauthorized)
        let withTheSameToken = try await environment.withShopper { staff in
            staff.cookies = cookies
            return try await staff.get("/staff").status
        }
        #expect(withTheSameToken == .ok)
    }
}

@Suite struct ClientAddressTests {
    static func peer(_ address: String) -> SocketAddress { try! SocketAddress(ipAddress: address, port: 4000) }

    @Test func forwardedForCountsOnlyFromTrustedProxies() throws {
        let proxies = try TrustedProxies(parsing: "127.0.0.1, ::1")
        #expect(proxies.clientAddress(peer: Self.peer("127.0.0.1"), forwardedFor: ["203.0.113.9"]) == "203.0.113.9")
        #expect(
            proxies.clientAddress(peer: Self.peer("::1"), forwardedFor: ["198.51.100.1, 203.0.113.9"]) == "203.0.113.9")
        // A client's own guess at the left is passed over: the proxy appended the real one.
        #expect(
            proxies.clientAddress(peer: Self.peer("127.0.0.1"), forwardedFor: ["1.1.1.1", "203.0.113.9, 127.0.0.1"])
                == "203.0.113.9")
        #expect(proxies.clientAddress(peer: Self.peer("127.0.0.1"), forwardedFor: []) == "127.0.0.1")
        #expect(proxies.clientAddress(peer: Self.peer("192.0.2.7"), forwardedFor: ["203.0.113.9"]) == "192.0.2.7")
        #expect(
            TrustedProxies.none.clientAddress(peer: Self.peer("127.0.0.1"), forwardedFor: ["203.0.113.9"])
                == "127.0.0.1")
        #expect(TrustedProxies.none.clientAddress(peer: nil, forwardedFor: []) == "unknown")
    }

    @Test func aProxyListMustBeAddresses() {
        #expect(throws: InvalidProxyAddress.self) { try TrustedProxies(parsing: "127.0.0.1, proxy.local") }
        #expect(throws: InvalidProxyAddress.self) { try TrustedProxies(parsing: "10.0.0.0/8") }
        #expect((try? TrustedProxies(parsing: "")) == TrustedProxies.none)
    }
}

@Suite struct ThrottleAndBudgetTests {
    @Test func triesAreCountedBeforeTheirFormsAreRead() async {
        let throttle = InMemorySignInThrottle()
        let start = Date()
        var allowed: [Date] = []
        for try_ in 0..<20 {
            let at = start + Double(try_) / 100
            if await throttle.reserve(for: "a", now: at) == nil { allowed.append(at) }
        }
        #expect(allowed.count == InMemorySignInThrottle.maximumFailures)
        #expect(await throttle.reserve(for: "b", now: start) == nil)
        // A right token takes back only its own try.
        await throttle.release(for: "a", reservedAt: allowed[0])
        #expect(await throttle.retryAfter(for: "a", now: start + 1) == nil)
        #expect(await throttle.reserve(for: "a", now: start + 1) == nil)
        #expect(await throttle.reserve(for: "a", now: start + 1) != nil)
        #expect(await throttle.retryAfter(for: "b", now: start + 1) == nil)
    }

    @Test func eachClientHasItsOwnShareOfUpstreamCalls() {
        let budget = ClientCallBudget(callsPerWindow: 3)
        let now = Date()
        #expect((0..<5).map { _ in budget.spend(for: "a", at: now) } == [true, true, true, false, false])
        #expect(budget.spend(for: "b", at: now))
        #expect(budget.spend(for: "a", at: now + ClientCallBudget.window + 1))
    }
}
